/** SD-WAN rows (migration 0017) and their shapes in the plan and the API. */
import {
  CONSOLE_NODE_ID,
  type SdwanLinkMode,
  type SdwanLinkState,
  type SdwanPath,
  type SdwanRule,
} from '@edge/protocol';
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

export interface LinkRow extends PlanLink, Omit<LinkState, 'stateAt'> {
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
  /** The underlay address the path uses now. */
  endpoint: string | null;
}

const json = <T>(text: string): T => JSON.parse(text) as T;

/**
 * Where peers reach a node, in the order they try (multi-addresses): the advertised endpoint first, then
 * each address the device reports, each with the node's listen port unless it names one.
 */
export function effectiveEndpoints(node: {
  endpoint: string;
  addresses: string[];
  listenPort: number;
}): string[] {
  const all = [node.endpoint, ...node.addresses]
    .filter(Boolean)
    .map((given) => (given.includes(':') ? given : `${given}:${node.listenPort}`));
  return [...new Set(all)];
}

/** Columns a node row and the console relay's row share. */
interface NodeColumns {
  device_id: string;
  endpoint: string;
  listen_port: number;
  public_key: string | null;
  addresses: string;
  tunnel_ip: string | null;
  joined_at: number | string;
  config_hash: string | null;
  applied_hash: string | null;
}

function nodeRow(r: NodeColumns, extra: { siteId: number | null; relay: boolean; onBoot: boolean }): NodeRow {
  const addresses = json<string[]>(r.addresses);
  const endpoints = effectiveEndpoints({ endpoint: r.endpoint, addresses, listenPort: r.listen_port });
  return {
    deviceId: r.device_id,
    ...extra,
    publicKey: r.public_key,
    tunnelIp: r.tunnel_ip,
    // The plan works with where peers reach the node; the API shows what the operator set.
    endpoint: endpoints[0] ?? '',
    endpoints,
    listenPort: r.listen_port,
    addresses,
    joinedAt: Number(r.joined_at),
    configHash: r.config_hash,
    appliedHash: r.applied_hash,
    advertised: r.endpoint,
  };
}

/** The table a node's row is in: the console host's own, or the devices'. */
const tableOf = (deviceId: string) =>
  (deviceId === CONSOLE_NODE_ID ? 'sdwan_console_relay' : 'sdwan_nodes') as 'sdwan_nodes';

export function sdwanStore(db: Db) {
  const sites = async (): Promise<SiteRow[]> =>
    (await db.selectFrom('sdwan_sites').selectAll().orderBy('id').execute()).map((r) => ({
      id: r.id,
      name: r.name,
      lans: json<string[]>(r.lans),
      exitNodeId: r.exit_node_id,
      createdAt: Number(r.created_at),
    }));
  const nodes = async (): Promise<NodeRow[]> => {
    const rows = await db
      .selectFrom('sdwan_nodes')
      .selectAll()
      .orderBy('joined_at')
      .orderBy('device_id')
      .execute();
    // Read by every console sharing the store, also those not running the relay: replicas plan alike.
    const own = await db.selectFrom('sdwan_console_relay').selectAll().execute();
    return [
      ...rows.map((r) =>
        nodeRow(r, { siteId: r.site_id, relay: Boolean(r.relay), onBoot: Boolean(r.on_boot) }),
      ),
      // The console host: a relay in no site, up whenever the console is.
      ...own.map((r) => nodeRow(r, { siteId: null, relay: true, onBoot: true })),
    ];
  };
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
      endpoint: r.endpoint,
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
    /**
     * The console host's relay row, made on the first start with SDWAN_RELAY_ENDPOINT set, its advertised
     * address and port kept as configured; a tunnel address once a subnet has one to give (`allocate`).
     */
    async ensureConsoleRelay(
      endpoint: string,
      listenPort: number,
      allocate: () => string | null,
    ): Promise<void> {
      const had = await db.selectFrom('sdwan_console_relay').selectAll().executeTakeFirst();
      if (!had)
        await db
          .insertInto('sdwan_console_relay')
          .values({
            device_id: CONSOLE_NODE_ID,
            endpoint,
            listen_port: listenPort,
            public_key: null,
            addresses: '[]',
            tunnel_ip: allocate(),
            joined_at: Date.now(),
            config_hash: null,
            applied_hash: null,
          })
          .execute();
      else if (had.endpoint !== endpoint || had.listen_port !== listenPort || !had.tunnel_ip)
        await db
          .updateTable('sdwan_console_relay')
          .set({ endpoint, listen_port: listenPort, tunnel_ip: had.tunnel_ip ?? allocate() })
          .execute();
    },
    sites,
    nodes,
    /** Whether the device is an overlay node: asked of each device whose secure mode changes (a fleet enrolling). */
    isNode: async (deviceId: string): Promise<boolean> =>
      (await db
        .selectFrom('sdwan_nodes')
        .select('device_id')
        .where('device_id', '=', deviceId)
        .executeTakeFirst()) !== undefined,
    links,
    subnets,
    async model(): Promise<{ nodes: NodeRow[]; links: LinkRow[]; sites: SiteRow[] }> {
      const [s, n, l] = await Promise.all([sites(), nodes(), links()]);
      return { sites: s, nodes: n, links: l };
    },
    async setHashes(hashes: Map<string, string>): Promise<void> {
      for (const [deviceId, hash] of hashes)
        await db
          .updateTable(tableOf(deviceId))
          .set({ config_hash: hash })
          .where('device_id', '=', deviceId)
          .execute();
    },
    async applied(deviceId: string, hash: string): Promise<void> {
      await db
        .updateTable(tableOf(deviceId))
        .set({ applied_hash: hash })
        .where('device_id', '=', deviceId)
        .execute();
    },
    async identity(deviceId: string, identity: { publicKey: string; addresses: string[] }): Promise<void> {
      await db
        .updateTable(tableOf(deviceId))
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
          endpoint: state.endpoint,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SdwanStore = ReturnType<typeof sdwanStore>;
