/**
 * The SD-WAN control plane: operators' changes to sites, nodes, links and tunnel subnets (checked against
 * each other: no overlapping tunnel addresses, no link between overlapping LANs), then the plan (plan.ts)
 * sent to the nodes whose configuration changed, and only to them. Devices make their own key pairs; the
 * console only ever sees public keys (overlay.identity). Changes run one at a time, so two requests never
 * hand out the same tunnel address. Secure mode gates the overlay per device (allowed()).
 */
import {
  CONSOLE_NODE_ID,
  firstOverlap,
  messages,
  overlayAllowed,
  overlayIdentity,
  ruleInsideLans,
  type OverlayConfig,
  type SdwanTopology,
} from '@edge/protocol';
import type { z } from 'zod';
import { fail } from '../http/errors.ts';
import type { DeviceDirectory } from '../devices/services.ts';
import type { NodeCalls } from './node-calls.ts';
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
  nodes: NodeCalls;
  log: { warn(obj: object, msg: string): void };
  /** Something changed that the topology shows. */
  changed(): void;
}

/** What one round of sending did: the nodes told, for tests and the benchmark. */
export interface Sent {
  told: string[];
}

const APPLY_DEADLINE_MS = 20_000;

type Word = keyof typeof messages;

/** An entity's table and key, its SPEC 8 words (sdwan<Name>Added ...), and whether nodes are told of its changes. */
const entityOf = (
  table: 'sdwan_sites' | 'sdwan_nodes' | 'sdwan_links' | 'sdwan_subnets',
  key: 'id' | 'device_id',
  name: string,
  { added = 'Added', plans = true } = {},
) => ({
  table,
  key,
  plans,
  words: {
    add: `sdwan${name}${added}` as Word,
    edit: `sdwan${name}Edited` as Word,
    delete: `sdwan${name}Deleted` as Word,
  },
});

const ENTITIES = {
  site: entityOf('sdwan_sites', 'id', 'Site'),
  node: entityOf('sdwan_nodes', 'device_id', 'Node'),
  link: entityOf('sdwan_links', 'id', 'Link'),
  // Subnets: only the topology shows them.
  subnet: entityOf('sdwan_subnets', 'id', 'Subnet', { added: 'Created', plans: false }),
};

export function sdwanService(deps: SdwanDeps) {
  const { store, devices, nodes: calls } = deps;
  const db = store.db;
  let queue: Promise<unknown> = Promise.resolve();
  /** One change at a time (IPAM and the plan read what the previous change wrote). */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  async function push(deviceId: string, config: OverlayConfig, hash: string): Promise<boolean> {
    if (!calls.online(deviceId)) return false;
    try {
      const result = await calls.call(deviceId, 'overlay.apply', config, APPLY_DEADLINE_MS);
      if (result.applied) await store.applied(deviceId, hash);
      return result.applied;
    } catch (err) {
      deps.log.warn({ deviceId, err: String(err) }, 'sdwan: applying the overlay failed');
      return false;
    }
  }

  /**
   * Secure mode (SPEC 4) gates the overlay: a node whose device runs in a mode that does not allow it
   * ('Jump to Device Only', or a device gone) is left out of the plan, so it is turned off
   * and its peers are told without it, until its mode allows the overlay again.
   */
  const allowed = calls.allowed;
  /** The model the plan is computed from: the stored one without the nodes secure mode keeps out. */
  async function planModel(): Promise<Awaited<ReturnType<SdwanStore['model']>>> {
    const model = await store.model();
    return { ...model, nodes: model.nodes.filter((n) => allowed(n.deviceId)) };
  }

  /** Recomputes the plan and tells the nodes whose configuration changed; resolves when they were told. */
  async function replan(): Promise<Sent> {
    const [all, model] = await Promise.all([store.nodes(), planModel()]);
    const previous = new Map(all.filter((n) => n.configHash).map((n) => [n.deviceId, n.configHash!]));
    const { send, off } = changedConfigs(previous, computeConfigs(model));
    await store.setHashes(new Map([...send].map(([id, { hash }]) => [id, hash])));
    await Promise.all([
      ...[...send].map(([id, { config, hash }]) => push(id, config, hash)),
      ...off.map(async (id) => {
        await store.setHashes(new Map([[id, OFF_HASH]]));
        const node = all.find((n) => n.deviceId === id);
        await push(id, offConfig(node?.listenPort ?? 51820), OFF_HASH);
      }),
    ]);
    deps.changed();
    return { told: [...send.keys(), ...off] };
  }

  /** Asks a node for its public key and addresses (the private key stays on it). */
  async function fetchIdentity(deviceId: string): Promise<boolean> {
    if (!calls.online(deviceId)) return false;
    try {
      const identity = overlayIdentity.parse(await calls.call(deviceId, 'overlay.identity', {}));
      await store.identity(deviceId, identity);
      return true;
    } catch (err) {
      deps.log.warn({ deviceId, err: String(err) }, 'sdwan: the device gave no overlay identity');
      return false;
    }
  }

  /** The row of `key` among `rows`, or a 404 with the entity's SPEC words. */
  const or404 =
    <R, K>(rows: () => Promise<R[]>, keyOf: (row: R) => K, code: keyof typeof messages) =>
    async (key: K): Promise<R> => {
      const row = (await rows()).find((r) => keyOf(r) === key);
      if (!row) throw fail(404, code);
      return row;
    };
  const siteOr404 = or404(store.sites, (s) => s.id, 'sdwanSiteUnknown');
  const nodeOr404 = or404(store.nodes, (n) => n.deviceId, 'sdwanNodeUnknown');
  const subnetOr404 = or404(store.subnets, (s) => s.id, 'sdwanSubnetUnknown');
  const linkOr404 = or404(store.links, (l) => l.id, 'sdwanLinkUnknown');

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

  async function topology(): Promise<SdwanTopology> {
    const [sites, nodes, links, subnets] = await Promise.all([
      store.sites(),
      store.nodes(),
      store.links(),
      store.subnets(),
    ]);
    const plan = { sites, nodes: nodes.filter((n) => allowed(n.deviceId)), links };
    const active = activeNodes(plan);
    const configs = computeConfigs(plan);
    return {
      sites: sites.map(({ id, name, lans, exitNodeId, createdAt }) => ({
        id,
        name,
        lans,
        exitNodeId,
        createdAt,
      })),
      nodes: nodes.map((n: NodeRow) => {
        return {
          deviceId: n.deviceId,
          deviceName: calls.name(n.deviceId),
          online: calls.online(n.deviceId),
          siteId: n.siteId,
          relay: n.relay,
          endpoint: n.advertised,
          listenPort: n.listenPort,
          onBoot: n.onBoot,
          publicKey: n.publicKey,
          tunnelIp: n.tunnelIp,
          addresses: n.addresses,
          role: n.siteId === null || active.get(n.siteId)?.deviceId === n.deviceId ? 'active' : 'standby',
          overlayAllowed: allowed(n.deviceId),
          neighbours: (configs.get(n.deviceId)?.peers ?? []).map((p) => p.name).sort(),
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
        endpoint: l.endpoint,
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

  /**
   * One entity's add, edit and delete, all alike: one at a time, checked (404 for an unknown key, then the
   * entity's own rules against everything else), its row written (the same values on an add and an edit;
   * an add also what only a new row has), then the nodes told (or, for what no node holds, the topology
   * shown again) and the SPEC 8 message answered.
   */
  function entity<I, K extends number | string>(
    of: ReturnType<typeof entityOf>,
    spec: {
      exists(key: K): Promise<unknown>;
      check(input: I, self?: K): Promise<void>;
      values(input: I): Record<string, unknown>;
      /** What only a new row has (created_at, a tunnel address ...). */
      fresh(input: I): Promise<Record<string, unknown>>;
      /** Before the row goes: what must not be left behind is checked or let go (links of a site ...). */
      release?(key: K): Promise<void>;
      /** After an add, before the plan (a new node's key). */
      added?(key: K): Promise<unknown>;
      /** What nodes are told depends on it (subnets: only the topology shows them). */
    },
  ) {
    const finish = async (code: keyof typeof messages, key: K) => {
      if (of.plans) await replan();
      else deps.changed();
      return done(code, key);
    };
    // One statement for four tables: their columns are the entity's, named by its spec.
    const table = of.table as 'sdwan_sites';
    const key = of.key as 'id';
    return {
      add: (input: I) =>
        serial(async () => {
          await spec.check(input);
          const row = { ...spec.values(input), ...(await spec.fresh(input)) };
          const made = await db
            .insertInto(table)
            .values(row as never)
            .returning(key)
            .executeTakeFirstOrThrow();
          const id = made[key] as unknown as K;
          await spec.added?.(id);
          return finish(of.words.add, id);
        }),
      edit: (id: K, input: I) =>
        serial(async () => {
          await spec.exists(id);
          await spec.check(input, id);
          await db
            .updateTable(table)
            .set(spec.values(input) as never)
            .where(key, '=', id as never)
            .execute();
          return finish(of.words.edit, id);
        }),
      delete: (id: K) =>
        serial(async () => {
          await spec.exists(id);
          await spec.release?.(id);
          await db
            .deleteFrom(table)
            .where(key, '=', id as never)
            .execute();
          return finish(of.words.delete, id);
        }),
    };
  }

  const site = entity<SiteInput, number>(ENTITIES.site, {
    exists: siteOr404,
    check: checkSite,
    values: (input) => ({
      name: input.name.trim(),
      lans: JSON.stringify(input.lans),
      exit_node_id: input.exitNodeId,
    }),
    fresh: async () => ({ created_at: Date.now() }),
    async release(id) {
      if ((await store.nodes()).some((n) => n.siteId === id)) throw fail(409, 'sdwanSiteHasNodes');
      await db
        .deleteFrom('sdwan_links')
        .where((eb) => eb.or([eb('site_a', '=', id), eb('site_b', '=', id)]))
        .execute();
    },
  });

  const node = entity<NodeInput, string>(ENTITIES.node, {
    exists: nodeOr404,
    async check(input, self) {
      // The console host's relay is set on the host (SDWAN_RELAY_ENDPOINT), not here.
      if (input.deviceId === CONSOLE_NODE_ID) throw fail(409, 'sdwanConsoleRelayFixed');
      const device = devices.get(input.deviceId);
      if (!device) throw fail(404, 'sdwanDeviceUnknown');
      if (input.siteId !== null) await siteOr404(input.siteId);
      if (self === undefined) {
        if ((await store.nodes()).some((n) => n.deviceId === input.deviceId))
          throw fail(409, 'sdwanDeviceIsNode');
        if (!overlayAllowed(device.secureMode))
          throw fail(
            409,
            'sdwanSecureModeRefuses',
            `${messages.sdwanSecureModeRefuses} (${device.secureMode})`,
          );
      } else if (!input.relay && (await store.links()).some((l) => l.relayId === input.deviceId))
        throw fail(409, 'sdwanNodeInUse');
    },
    values: (input) => ({
      site_id: input.siteId,
      relay: input.relay ? 1 : 0,
      endpoint: input.endpoint,
      listen_port: input.listenPort,
      on_boot: input.onBoot ? 1 : 0,
    }),
    async fresh(input) {
      const nodes = await store.nodes();
      const tunnelIp = allocator(
        await store.subnets(),
        nodes.flatMap((n) => (n.tunnelIp ? [n.tunnelIp] : [])),
      ).next();
      if (!tunnelIp) throw fail(409, 'sdwanNoTunnelAddress');
      return {
        device_id: input.deviceId,
        public_key: null,
        addresses: '[]',
        tunnel_ip: tunnelIp,
        joined_at: Date.now(),
        config_hash: null,
        applied_hash: null,
      };
    },
    // Online now: its key at once; otherwise the sync task asks when it is back.
    added: fetchIdentity,
    async release(deviceId) {
      if (deviceId === CONSOLE_NODE_ID) throw fail(409, 'sdwanConsoleRelayFixed');
      const gone = await nodeOr404(deviceId);
      if ((await store.links()).some((l) => l.relayId === deviceId)) throw fail(409, 'sdwanNodeInUse');
      await db
        .updateTable('sdwan_sites')
        .set({ exit_node_id: null })
        .where('exit_node_id', '=', deviceId)
        .execute();
      // Gone from the plan: turned off on the device, its peers told without it.
      void push(deviceId, offConfig(gone.listenPort), OFF_HASH);
    },
  });

  const link = entity<LinkInput, number>(ENTITIES.link, {
    exists: linkOr404,
    check: checkLink,
    values: (input) => ({
      site_a: input.siteA,
      site_b: input.siteB,
      mode: input.mode,
      relay_id: input.relayId,
      rate_limit_mbps: input.rateLimitMbps,
      rules: JSON.stringify(input.rules),
    }),
    fresh: async () => ({
      state: 'idle',
      path: 'none',
      latency_ms: null,
      throughput_bps: 0,
      state_at: null,
    }),
  });

  const subnet = entity<SubnetInput, number>(ENTITIES.subnet, {
    exists: subnetOr404,
    check: checkSubnet,
    values: (input) => ({ cidr: input.cidr, range_start: input.rangeStart, range_end: input.rangeEnd }),
    fresh: async () => ({}),
    async release(id) {
      const gone = await subnetOr404(id);
      if ((await store.nodes()).some((n) => n.tunnelIp && subnetOf(n.tunnelIp, [gone])))
        throw fail(409, 'sdwanSubnetInUse');
    },
  });

  /** The console host's relay row, with a tunnel address once a subnet has one (at start and on each sync). */
  const ensureConsoleRelay = (endpoint: string, listenPort: number) =>
    serial(async () => {
      const [subnets, nodes] = await Promise.all([store.subnets(), store.nodes()]);
      const used = nodes.flatMap((n) => (n.tunnelIp ? [n.tunnelIp] : []));
      await store.ensureConsoleRelay(endpoint, listenPort, () => allocator(subnets, used).next());
    });

  return {
    topology,
    ensureConsoleRelay,
    replan: () => serial(replan),
    planModel,
    fetchIdentity,
    push,
    site,
    node,
    link,
    subnet,
  };
}

export type SdwanService = ReturnType<typeof sdwanService>;
