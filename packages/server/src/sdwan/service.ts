/**
 * The SD-WAN control plane: operators' changes to sites, nodes, links and tunnel subnets (checked against
 * each other: no overlapping tunnel addresses, no link between overlapping LANs), then the plan (plan.ts)
 * sent to the nodes whose configuration changed, and only to them. Devices make their own key pairs; the
 * console only ever sees public keys (overlay.identity). Changes run one at a time, so two requests never
 * hand out the same tunnel address.
 */
import {
  firstOverlap,
  messages,
  overlayIdentity,
  ruleInsideLans,
  type OverlayConfig,
  type SdwanTopology,
} from '@edge/protocol';
import type { z } from 'zod';
import { fail } from '../http/errors.ts';
import type { DeviceDirectory } from '../devices/services.ts';
import type { RpcService } from '../devices/rpc.ts';
import type {
  sdwanLinkRequest,
  sdwanNodeRequest,
  sdwanSiteRequest,
  sdwanSubnetRequest,
} from '@edge/protocol';
import { allocator, lanConflict, rangeOf, rangeSize, subnetConflict, subnetOf } from './ipam.ts';
import { changedConfigs, computeConfigs, offConfig, OFF_HASH, activeNodes } from './plan.ts';
import type { NodeRow, SdwanStore } from './store.ts';
import { ipToInt } from '@edge/protocol';

type SiteInput = z.output<typeof sdwanSiteRequest>;
type NodeInput = z.output<typeof sdwanNodeRequest>;
type LinkInput = z.output<typeof sdwanLinkRequest>;
type SubnetInput = z.output<typeof sdwanSubnetRequest>;

export interface SdwanDeps {
  store: SdwanStore;
  devices: DeviceDirectory;
  rpc: RpcService;
  log: { warn(obj: object, msg: string): void };
  /** Something changed that the topology shows. */
  changed(): void;
}

/** What one round of sending did: the nodes told, for tests and the benchmark. */
export interface Sent {
  told: string[];
}

const APPLY_DEADLINE_MS = 20_000;

export function sdwanService(deps: SdwanDeps) {
  const { store, devices, rpc } = deps;
  const db = store.db;
  let queue: Promise<unknown> = Promise.resolve();
  /** One change at a time (IPAM and the plan read what the previous change wrote). */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  async function push(deviceId: string, config: OverlayConfig, hash: string): Promise<boolean> {
    if (!devices.get(deviceId)?.online) return false;
    try {
      const result = await rpc.call(deviceId, 'overlay.apply', config, { deadlineMs: APPLY_DEADLINE_MS });
      if (result.applied) await store.applied(deviceId, hash);
      return result.applied;
    } catch (err) {
      deps.log.warn({ deviceId, err: String(err) }, 'sdwan: applying the overlay failed');
      return false;
    }
  }

  /** Recomputes the plan and tells the nodes whose configuration changed; resolves when they were told. */
  async function replan(): Promise<Sent> {
    const model = await store.model();
    const previous = new Map(model.nodes.filter((n) => n.configHash).map((n) => [n.deviceId, n.configHash!]));
    const { send, off } = changedConfigs(previous, computeConfigs(model));
    await store.setHashes(new Map([...send].map(([id, { hash }]) => [id, hash])));
    await Promise.all([
      ...[...send].map(([id, { config, hash }]) => push(id, config, hash)),
      ...off.map(async (id) => {
        await store.setHashes(new Map([[id, OFF_HASH]]));
        const node = model.nodes.find((n) => n.deviceId === id);
        await push(id, offConfig(node?.listenPort ?? 51820), OFF_HASH);
      }),
    ]);
    deps.changed();
    return { told: [...send.keys(), ...off] };
  }

  /** Asks a node for its public key and addresses (the private key stays on it). */
  async function fetchIdentity(deviceId: string): Promise<boolean> {
    if (!devices.get(deviceId)?.online) return false;
    try {
      const identity = overlayIdentity.parse(await rpc.call(deviceId, 'overlay.identity', {}));
      await store.identity(deviceId, identity);
      return true;
    } catch (err) {
      deps.log.warn({ deviceId, err: String(err) }, 'sdwan: the device gave no overlay identity');
      return false;
    }
  }

  const siteOr404 = async (id: number) => {
    const site = (await store.sites()).find((s) => s.id === id);
    if (!site) throw fail(404, 'sdwanSiteUnknown');
    return site;
  };
  const nodeOr404 = async (deviceId: string) => {
    const node = (await store.nodes()).find((n) => n.deviceId === deviceId);
    if (!node) throw fail(404, 'sdwanNodeUnknown');
    return node;
  };
  const linkOr404 = async (id: number) => {
    const link = (await store.links()).find((l) => l.id === id);
    if (!link) throw fail(404, 'sdwanLinkUnknown');
    return link;
  };

  /** A link's sites must not overlap: the same address would be on both sides of the tunnel. */
  function refuseOverlap(a: { name: string; lans: string[] }, b: { name: string; lans: string[] }): void {
    const both = firstOverlap(a.lans, b.lans);
    if (both)
      throw fail(
        400,
        'sdwanLansOverlap',
        `${messages.sdwanLansOverlap} (${a.name}: ${both[0]}, ${b.name}: ${both[1]})`,
      );
  }

  async function checkSite(input: SiteInput, self?: number): Promise<void> {
    const [sites, subnets, links] = await Promise.all([store.sites(), store.subnets(), store.links()]);
    if (sites.some((s) => s.name === input.name.trim() && s.id !== self))
      throw fail(409, 'sdwanSiteNameTaken');
    for (const lan of input.lans)
      if (lanConflict(lan, subnets))
        throw fail(400, 'sdwanLanOverlapsTunnel', `${messages.sdwanLanOverlapsTunnel} (${lan})`);
    if (input.exitNodeId) {
      const exit = (await store.nodes()).find((n) => n.deviceId === input.exitNodeId);
      if (!exit) throw fail(404, 'sdwanNodeUnknown');
      if (self !== undefined && exit.siteId === self) throw fail(400, 'sdwanExitInSite');
    }
    if (self !== undefined)
      for (const link of links.filter((l) => l.siteA === self || l.siteB === self)) {
        const other = sites.find((s) => s.id === (link.siteA === self ? link.siteB : link.siteA))!;
        refuseOverlap({ name: input.name, lans: input.lans }, other);
      }
  }

  async function checkLink(input: LinkInput, self?: number): Promise<void> {
    if (input.siteA === input.siteB) throw fail(400, 'sdwanLinkSameSite');
    const [a, b] = [await siteOr404(input.siteA), await siteOr404(input.siteB)];
    const links = await store.links();
    const same = (l: { siteA: number; siteB: number }) =>
      (l.siteA === a.id && l.siteB === b.id) || (l.siteA === b.id && l.siteB === a.id);
    if (links.some((l) => same(l) && l.id !== self)) throw fail(409, 'sdwanLinkExists');
    refuseOverlap(a, b);
    if (input.mode === 'relayed' && !input.relayId) throw fail(400, 'sdwanRelayRequired');
    if (input.relayId) {
      const relay = await nodeOr404(input.relayId);
      if (!relay.relay) throw fail(400, 'sdwanRelayNotRelay');
    }
    for (const rule of input.rules)
      if (!ruleInsideLans(rule, [...a.lans, ...b.lans]))
        throw fail(400, 'sdwanRuleOutsideLans', `${messages.sdwanRuleOutsideLans} (${rule.ip})`);
  }

  async function checkSubnet(input: SubnetInput, self?: number): Promise<void> {
    const [subnets, sites, nodes] = await Promise.all([store.subnets(), store.sites(), store.nodes()]);
    const hit = subnetConflict(
      input.cidr,
      subnets,
      sites.flatMap((s) => s.lans),
      self,
    );
    if (hit) throw fail(400, 'sdwanSubnetOverlaps', `${messages.sdwanSubnetOverlaps} (${hit})`);
    if (self === undefined) return;
    // Addresses already given out must stay inside the edited range.
    const old = subnets.find((s) => s.id === self)!;
    const range = rangeOf({ ...input });
    const outside = nodes.filter(
      (n) =>
        n.tunnelIp &&
        subnetOf(n.tunnelIp, [old]) &&
        !(ipToInt(n.tunnelIp) >= range.first && ipToInt(n.tunnelIp) <= range.last),
    );
    if (outside.length) throw fail(409, 'sdwanSubnetInUse');
  }

  const nodeValues = (input: NodeInput) => ({
    site_id: input.siteId,
    relay: input.relay ? 1 : 0,
    endpoint: input.endpoint,
    listen_port: input.listenPort,
    on_boot: input.onBoot ? 1 : 0,
  });

  async function topology(): Promise<SdwanTopology> {
    const [sites, nodes, links, subnets] = await Promise.all([
      store.sites(),
      store.nodes(),
      store.links(),
      store.subnets(),
    ]);
    const active = activeNodes({ sites, nodes, links });
    return {
      sites: sites.map(({ id, name, lans, exitNodeId, createdAt }) => ({
        id,
        name,
        lans,
        exitNodeId,
        createdAt,
      })),
      nodes: nodes.map((n: NodeRow) => {
        const device = devices.get(n.deviceId);
        return {
          deviceId: n.deviceId,
          deviceName: device?.name ?? n.deviceId,
          online: device?.online ?? false,
          siteId: n.siteId,
          relay: n.relay,
          endpoint: n.advertised,
          listenPort: n.listenPort,
          onBoot: n.onBoot,
          publicKey: n.publicKey,
          tunnelIp: n.tunnelIp,
          addresses: n.addresses,
          role: n.siteId === null || active.get(n.siteId)?.deviceId === n.deviceId ? 'active' : 'standby',
          inSync: n.configHash !== null && n.configHash === n.appliedHash,
        };
      }),
      links: links.map((l) => ({
        id: l.id,
        siteA: l.siteA,
        siteB: l.siteB,
        mode: l.mode,
        relayId: l.relayId,
        rateLimitMbps: l.rateLimitMbps,
        rules: l.rules,
        state: l.state,
        path: l.path,
        latencyMs: l.latencyMs,
        throughputBps: l.throughputBps,
        updatedAt: l.stateAt,
      })),
      subnets: subnets.map((s) => ({
        ...s,
        used: nodes.filter((n) => n.tunnelIp && subnetOf(n.tunnelIp, [s])).length,
        size: rangeSize(s),
      })),
    };
  }

  const done = (code: keyof typeof messages, id: number | string) => ({ message: messages[code], id });

  return {
    topology,
    replan: () => serial(replan),
    fetchIdentity,
    push,

    addSite: (input: SiteInput) =>
      serial(async () => {
        await checkSite(input);
        const row = await db
          .insertInto('sdwan_sites')
          .values({
            name: input.name.trim(),
            lans: JSON.stringify(input.lans),
            exit_node_id: input.exitNodeId,
            created_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replan();
        return done('sdwanSiteAdded', row.id);
      }),
    editSite: (id: number, input: SiteInput) =>
      serial(async () => {
        await siteOr404(id);
        await checkSite(input, id);
        await db
          .updateTable('sdwan_sites')
          .set({ name: input.name.trim(), lans: JSON.stringify(input.lans), exit_node_id: input.exitNodeId })
          .where('id', '=', id)
          .execute();
        await replan();
        return done('sdwanSiteEdited', id);
      }),
    deleteSite: (id: number) =>
      serial(async () => {
        await siteOr404(id);
        if ((await store.nodes()).some((n) => n.siteId === id)) throw fail(409, 'sdwanSiteHasNodes');
        await db
          .deleteFrom('sdwan_links')
          .where((eb) => eb.or([eb('site_a', '=', id), eb('site_b', '=', id)]))
          .execute();
        await db.deleteFrom('sdwan_sites').where('id', '=', id).execute();
        await replan();
        return done('sdwanSiteDeleted', id);
      }),

    addNode: (input: NodeInput) =>
      serial(async () => {
        if (!devices.get(input.deviceId)) throw fail(404, 'sdwanDeviceUnknown');
        if (input.siteId !== null) await siteOr404(input.siteId);
        const nodes = await store.nodes();
        if (nodes.some((n) => n.deviceId === input.deviceId)) throw fail(409, 'sdwanDeviceIsNode');
        const tunnelIp = allocator(
          await store.subnets(),
          nodes.flatMap((n) => (n.tunnelIp ? [n.tunnelIp] : [])),
        ).next();
        if (!tunnelIp) throw fail(409, 'sdwanNoTunnelAddress');
        await db
          .insertInto('sdwan_nodes')
          .values({
            device_id: input.deviceId,
            ...nodeValues(input),
            public_key: null,
            addresses: '[]',
            tunnel_ip: tunnelIp,
            joined_at: Date.now(),
            config_hash: null,
            applied_hash: null,
          })
          .execute();
        // Online now: its key at once; otherwise the sync task asks when it is back.
        await fetchIdentity(input.deviceId);
        await replan();
        return done('sdwanNodeAdded', input.deviceId);
      }),
    editNode: (input: NodeInput) =>
      serial(async () => {
        await nodeOr404(input.deviceId);
        if (input.siteId !== null) await siteOr404(input.siteId);
        if (!input.relay && (await store.links()).some((l) => l.relayId === input.deviceId))
          throw fail(409, 'sdwanNodeInUse');
        await db
          .updateTable('sdwan_nodes')
          .set(nodeValues(input))
          .where('device_id', '=', input.deviceId)
          .execute();
        await replan();
        return done('sdwanNodeEdited', input.deviceId);
      }),
    deleteNode: (deviceId: string) =>
      serial(async () => {
        const node = await nodeOr404(deviceId);
        if ((await store.links()).some((l) => l.relayId === deviceId)) throw fail(409, 'sdwanNodeInUse');
        await db
          .updateTable('sdwan_sites')
          .set({ exit_node_id: null })
          .where('exit_node_id', '=', deviceId)
          .execute();
        await db.deleteFrom('sdwan_nodes').where('device_id', '=', deviceId).execute();
        // Gone from the plan: turned off on the device, its peers told without it.
        void push(deviceId, offConfig(node.listenPort), OFF_HASH);
        await replan();
        return done('sdwanNodeDeleted', deviceId);
      }),

    addLink: (input: LinkInput) =>
      serial(async () => {
        await checkLink(input);
        const row = await db
          .insertInto('sdwan_links')
          .values({
            site_a: input.siteA,
            site_b: input.siteB,
            mode: input.mode,
            relay_id: input.relayId,
            rate_limit_mbps: input.rateLimitMbps,
            rules: JSON.stringify(input.rules),
            state: 'idle',
            path: 'none',
            latency_ms: null,
            throughput_bps: 0,
            state_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replan();
        return done('sdwanLinkAdded', row.id);
      }),
    editLink: (id: number, input: LinkInput) =>
      serial(async () => {
        await linkOr404(id);
        await checkLink(input, id);
        await db
          .updateTable('sdwan_links')
          .set({
            site_a: input.siteA,
            site_b: input.siteB,
            mode: input.mode,
            relay_id: input.relayId,
            rate_limit_mbps: input.rateLimitMbps,
            rules: JSON.stringify(input.rules),
          })
          .where('id', '=', id)
          .execute();
        await replan();
        return done('sdwanLinkEdited', id);
      }),
    deleteLink: (id: number) =>
      serial(async () => {
        await linkOr404(id);
        await db.deleteFrom('sdwan_links').where('id', '=', id).execute();
        await replan();
        return done('sdwanLinkDeleted', id);
      }),

    addSubnet: (input: SubnetInput) =>
      serial(async () => {
        await checkSubnet(input);
        const row = await db
          .insertInto('sdwan_subnets')
          .values({ cidr: input.cidr, range_start: input.rangeStart, range_end: input.rangeEnd })
          .returning('id')
          .executeTakeFirstOrThrow();
        deps.changed();
        return done('sdwanSubnetCreated', row.id);
      }),
    editSubnet: (id: number, input: SubnetInput) =>
      serial(async () => {
        if (!(await store.subnets()).some((s) => s.id === id)) throw fail(404, 'sdwanSubnetUnknown');
        await checkSubnet(input, id);
        await db
          .updateTable('sdwan_subnets')
          .set({ cidr: input.cidr, range_start: input.rangeStart, range_end: input.rangeEnd })
          .where('id', '=', id)
          .execute();
        deps.changed();
        return done('sdwanSubnetEdited', id);
      }),
    deleteSubnet: (id: number) =>
      serial(async () => {
        const subnet = (await store.subnets()).find((s) => s.id === id);
        if (!subnet) throw fail(404, 'sdwanSubnetUnknown');
        if ((await store.nodes()).some((n) => n.tunnelIp && subnetOf(n.tunnelIp, [subnet])))
          throw fail(409, 'sdwanSubnetInUse');
        await db.deleteFrom('sdwan_subnets').where('id', '=', id).execute();
        deps.changed();
        return done('sdwanSubnetDeleted', id);
      }),
  };
}

export type SdwanService = ReturnType<typeof sdwanService>;
