/** SD-WAN rows (migration 0017) and their shapes in the plan and the API. */
import type { SdwanLinkMode, SdwanLinkState, SdwanPath, SdwanRule } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { PlanLink, PlanNode, PlanSite } from './plan.ts';
import type { TunnelSubnet } from './ipam.ts';

export interface SiteRow extends PlanSite {
  name: string;
  createdAt: number;
}

export interface NodeRow extends PlanNode {
  /** What the operator set ('' for the reported address); `endpoint` is where peers reach the node. */
  advertised: string;
  addresses: string[];
  joinedAt: number;
  configHash: string | null;
  appliedHash: string | null;
}

export interface LinkRow extends PlanLink {
  state: SdwanLinkState;
  path: SdwanPath;
  latencyMs: number | null;
  throughputBps: number;
  stateAt: number | null;
}

export interface SubnetRow extends TunnelSubnet {
  id: number;
}

export interface LinkState {
  state: SdwanLinkState;
  path: SdwanPath;
  latencyMs: number | null;
  throughputBps: number;
  stateAt: number;
}

const json = <T>(text: string): T => JSON.parse(text) as T;

/** The advertised endpoint, or the device's first reported address, with the node's listen port. */
export function effectiveEndpoint(node: {
  endpoint: string;
  addresses: string[];
  listenPort: number;
}): string {
  const given = node.endpoint || node.addresses[0] || '';
  if (!given) return '';
  return given.includes(':') ? given : `${given}:${node.listenPort}`;
}

export function sdwanStore(db: Db) {
  const sites = async (): Promise<SiteRow[]> =>
    (await db.selectFrom('sdwan_sites').selectAll().orderBy('id').execute()).map((r) => ({
      id: r.id,
      name: r.name,
      lans: json<string[]>(r.lans),
      exitNodeId: r.exit_node_id,
      createdAt: Number(r.created_at),
    }));
  const nodes = async (): Promise<NodeRow[]> =>
    (await db.selectFrom('sdwan_nodes').selectAll().orderBy('joined_at').orderBy('device_id').execute()).map(
      (r) => {
        const addresses = json<string[]>(r.addresses);
        const base = { endpoint: r.endpoint, addresses, listenPort: r.listen_port };
        return {
          deviceId: r.device_id,
          siteId: r.site_id,
          relay: Boolean(r.relay),
          publicKey: r.public_key,
          tunnelIp: r.tunnel_ip,
          // The plan works with where peers reach the node; the API shows what the operator set.
          endpoint: effectiveEndpoint(base),
          listenPort: r.listen_port,
          onBoot: Boolean(r.on_boot),
          addresses,
          joinedAt: Number(r.joined_at),
          configHash: r.config_hash,
          appliedHash: r.applied_hash,
          advertised: r.endpoint,
        };
      },
    );
  const links = async (): Promise<LinkRow[]> =>
    (await db.selectFrom('sdwan_links').selectAll().orderBy('id').execute()).map((r) => ({
      id: r.id,
      siteA: r.site_a,
      siteB: r.site_b,
      mode: r.mode as SdwanLinkMode,
      relayId: r.relay_id,
      rateLimitMbps: r.rate_limit_mbps,
      rules: json<SdwanRule[]>(r.rules),
      state: r.state as SdwanLinkState,
      path: r.path as SdwanPath,
      latencyMs: r.latency_ms,
      throughputBps: r.throughput_bps,
      stateAt: r.state_at === null ? null : Number(r.state_at),
    }));
  const subnets = async (): Promise<SubnetRow[]> =>
    (await db.selectFrom('sdwan_subnets').selectAll().orderBy('id').execute()).map((r) => ({
      id: r.id,
      cidr: r.cidr,
      rangeStart: r.range_start,
      rangeEnd: r.range_end,
    }));

  return {
    db,
    sites,
    nodes,
    links,
    subnets,
    async model(): Promise<{ nodes: NodeRow[]; links: LinkRow[]; sites: SiteRow[] }> {
      const [s, n, l] = await Promise.all([sites(), nodes(), links()]);
      return { sites: s, nodes: n, links: l };
    },
    async setHashes(hashes: Map<string, string>): Promise<void> {
      for (const [deviceId, hash] of hashes)
        await db
          .updateTable('sdwan_nodes')
          .set({ config_hash: hash })
          .where('device_id', '=', deviceId)
          .execute();
    },
    async applied(deviceId: string, hash: string): Promise<void> {
      await db
        .updateTable('sdwan_nodes')
        .set({ applied_hash: hash })
        .where('device_id', '=', deviceId)
        .execute();
    },
    async identity(deviceId: string, identity: { publicKey: string; addresses: string[] }): Promise<void> {
      await db
        .updateTable('sdwan_nodes')
        .set({ public_key: identity.publicKey, addresses: JSON.stringify(identity.addresses) })
        .where('device_id', '=', deviceId)
        .execute();
    },
    async linkState(id: number, state: LinkState): Promise<void> {
      await db
        .updateTable('sdwan_links')
        .set({
          state: state.state,
          path: state.path,
          latency_ms: state.latencyMs,
          throughput_bps: state.throughputBps,
          state_at: state.stateAt,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SdwanStore = ReturnType<typeof sdwanStore>;
