/**
 * The control plane's pure part: from sites, nodes and links, what each node is told (its own address and
 * peers, with each peer's endpoint and allowed IPs, never the rest of the network), and which nodes must be
 * told again after a change: those whose configuration's hash changed, and no others. No I/O here, so the
 * same code is unit-tested and benchmarked at 1,000 sites.
 */
import { createHash } from 'node:crypto';
import { type OverlayConfig, type OverlayPeer, type SdwanLinkMode, type SdwanRule } from '@edge/protocol';

export interface PlanSite {
  id: number;
  lans: string[];
  exitNodeId: string | null;
}

export interface PlanNode {
  deviceId: string;
  siteId: number | null;
  relay: boolean;
  publicKey: string | null;
  tunnelIp: string | null;
  /** `ip:port` others reach it at, or '' when unknown (it can then only be reached through a relay). */
  endpoint: string;
  /** Every `ip:port` it may be reached at, `endpoint` first (multi-addresses), tried in turn by its peers. */
  endpoints: string[];
  listenPort: number;
  onBoot: boolean;
}

export interface PlanLink {
  id: number;
  siteA: number;
  siteB: number;
  mode: SdwanLinkMode;
  relayId: string | null;
  rateLimitMbps: number | null;
  rules: SdwanRule[];
}

export interface PlanModel {
  sites: readonly PlanSite[];
  /** In the order they joined: the first usable node of a site is its active one. */
  nodes: readonly PlanNode[];
  links: readonly PlanLink[];
}

const usable = (n: PlanNode | undefined): n is PlanNode & { publicKey: string; tunnelIp: string } =>
  Boolean(n?.publicKey && n.tunnelIp);

/** Per site, the node that carries its links; the others stand by. */
export function activeNodes(model: PlanModel): Map<number, PlanNode> {
  const active = new Map<number, PlanNode>();
  for (const node of model.nodes)
    if (node.siteId !== null && usable(node) && !active.has(node.siteId)) active.set(node.siteId, node);
  return active;
}

type Building = Omit<OverlayConfig, 'peers'> & { peers: Map<string, OverlayPeer> };

function addPeer(config: Building, peer: OverlayPeer): void {
  const had = config.peers.get(peer.publicKey);
  if (!had) {
    config.peers.set(peer.publicKey, { ...peer, allowedIps: [...peer.allowedIps] });
    return;
  }
  for (const ip of peer.allowedIps) if (!had.allowedIps.includes(ip)) had.allowedIps.push(ip);
  // A peer that is also reached through a link keeps that link's endpoint and fallback.
  if (had.endpoint === null) {
    had.endpoint = peer.endpoint;
    had.endpoints = [...peer.endpoints];
  }
  had.relay ??= peer.relay;
  had.relayOnly &&= peer.relayOnly;
  had.rules.push(...peer.rules);
  if (peer.rateLimitMbps !== null)
    had.rateLimitMbps = Math.min(had.rateLimitMbps ?? Infinity, peer.rateLimitMbps);
}

const bare = (
  node: PlanNode & { publicKey: string; tunnelIp: string },
  extra: Partial<OverlayPeer> = {},
): OverlayPeer => ({
  name: node.deviceId,
  publicKey: node.publicKey,
  address: node.tunnelIp,
  endpoint: node.endpoint || null,
  endpoints: node.endpoints.length > 1 ? [...node.endpoints] : [],
  allowedIps: [`${node.tunnelIp}/32`],
  relay: null,
  relayOnly: false,
  rateLimitMbps: null,
  rules: [],
  ...extra,
});

/** Every usable node's configuration, by device id. */
export function computeConfigs(model: PlanModel): Map<string, OverlayConfig> {
  const sites = new Map(model.sites.map((s) => [s.id, s]));
  const nodes = new Map(model.nodes.map((n) => [n.deviceId, n]));
  const active = activeNodes(model);
  const building = new Map<string, Building>();
  /** The relay of the link between two sites (`a-b`, both ways), for an exit reached over it. */
  const relays = new Map<string, PlanNode | undefined>();
  for (const node of model.nodes) {
    if (!usable(node)) continue;
    building.set(node.deviceId, {
      enabled: true,
      address: `${node.tunnelIp}/32`,
      listenPort: node.listenPort,
      onBoot: node.onBoot,
      forward: node.relay || node.siteId !== null,
      lans: node.siteId === null ? [] : [...(sites.get(node.siteId)?.lans ?? [])],
      exitVia: null,
      exitLans: [],
      exitFor: [],
      peers: new Map(),
    });
  }

  for (const link of model.links) {
    const a = active.get(link.siteA);
    const b = active.get(link.siteB);
    const siteA = sites.get(link.siteA);
    const siteB = sites.get(link.siteB);
    if (!usable(a) || !usable(b) || !siteA || !siteB) continue;
    const relay = link.relayId ? nodes.get(link.relayId) : undefined;
    const viaRelay = usable(relay) && relay.deviceId !== a.deviceId && relay.deviceId !== b.deviceId;
    if (link.mode === 'relayed' && !viaRelay) continue;
    // A link routes both sites' LANs whole (answers must find their way back); its LAN destination rules
    // go with the peer and each end's device lets through only what they name (agent overlay-rules.ts).
    const ends = [
      { self: a, other: b, otherLans: siteB.lans, ownLans: siteA.lans },
      { self: b, other: a, otherLans: siteA.lans, ownLans: siteB.lans },
    ];
    for (const { self, other, otherLans } of ends) {
      const config = building.get(self.deviceId)!;
      addPeer(
        config,
        bare(other, {
          endpoint: link.mode === 'relayed' ? null : other.endpoint || null,
          endpoints: link.mode === 'relayed' || other.endpoints.length < 2 ? [] : [...other.endpoints],
          allowedIps: [`${other.tunnelIp}/32`, ...otherLans],
          relay: viaRelay ? relay.publicKey : null,
          relayOnly: link.mode === 'relayed',
          rateLimitMbps: link.rateLimitMbps,
          rules: link.rules,
        }),
      );
      if (viaRelay) addPeer(config, bare(relay));
    }
    if (viaRelay) {
      const config = building.get(relay.deviceId)!;
      config.forward = true;
      // The relay routes each end's tunnel address and LANs to that end, whichever path the ends use now.
      for (const { self, ownLans } of ends)
        addPeer(config, bare(self, { allowedIps: [`${self.tunnelIp}/32`, ...ownLans] }));
    }
    relays.set(`${link.siteA}-${link.siteB}`, viaRelay ? relay : undefined);
    relays.set(`${link.siteB}-${link.siteA}`, viaRelay ? relay : undefined);
  }

  for (const site of model.sites) {
    const exit = site.exitNodeId ? nodes.get(site.exitNodeId) : undefined;
    const own = active.get(site.id);
    if (!usable(exit) || !usable(own) || exit.siteId === site.id) continue;
    const config = building.get(own.deviceId)!;
    // The exit is the far end of one of the site's links: that peer (with its relay) carries the default route too.
    const linked = config.peers.get(exit.publicKey);
    if (linked) linked.allowedIps.push('0.0.0.0/0');
    else addPeer(config, bare(exit, { allowedIps: [`${exit.tunnelIp}/32`, '0.0.0.0/0'] }));
    config.exitVia = exit.publicKey;
    const exitConfig = building.get(exit.deviceId)!;
    exitConfig.forward = true;
    exitConfig.exitFor = [...new Set([...exitConfig.exitFor, ...site.lans])].sort();
    addPeer(exitConfig, bare(own, { allowedIps: [`${own.tunnelIp}/32`, ...site.lans] }));
    // Reached over a link with a relay: when that path is relayed, the site's internet traffic arrives at the
    // relay, which sends what comes from the site's LANs on to the exit (its own traffic stays its own).
    // WireGuard routes by destination, so a relay serves one exit node: a second one is left to the direct path.
    const relay = exit.siteId === null ? undefined : relays.get(`${site.id}-${exit.siteId}`);
    const relayConfig = usable(relay) ? building.get(relay.deviceId) : undefined;
    const onRelay = relayConfig?.peers.get(exit.publicKey);
    if (!relayConfig || !onRelay || (relayConfig.exitVia && relayConfig.exitVia !== exit.publicKey)) continue;
    relayConfig.exitVia = exit.publicKey;
    relayConfig.exitLans = [...new Set([...relayConfig.exitLans, ...site.lans])].sort();
    if (!onRelay.allowedIps.includes('0.0.0.0/0')) onRelay.allowedIps.push('0.0.0.0/0');
  }

  const out = new Map<string, OverlayConfig>();
  for (const [id, config] of building) {
    const peers = [...config.peers.values()].sort((x, y) => (x.publicKey < y.publicKey ? -1 : 1));
    for (const peer of peers) peer.allowedIps.sort();
    out.set(id, { ...config, peers });
  }
  return out;
}

/** A configuration's fingerprint: equal configurations, equal hashes (peers and allowed IPs come sorted). */
export const configHash = (config: OverlayConfig): string =>
  createHash('sha256').update(JSON.stringify(config)).digest('base64url').slice(0, 22);

/**
 * The incremental step: of the configurations now, those whose hash differs from the one each node was
 * last given (`previous`), and the nodes that had one and now have none (to be turned off).
 */
export function changedConfigs(
  previous: ReadonlyMap<string, string>,
  next: ReadonlyMap<string, OverlayConfig>,
): { send: Map<string, { config: OverlayConfig; hash: string }>; off: string[] } {
  const send = new Map<string, { config: OverlayConfig; hash: string }>();
  for (const [id, config] of next) {
    const hash = configHash(config);
    if (previous.get(id) !== hash) send.set(id, { config, hash });
  }
  const off = [...previous.keys()].filter((id) => !next.has(id) && previous.get(id) !== OFF_HASH);
  return { send, off };
}

/** The hash recorded for a node that was told to turn its overlay off. */
export const OFF_HASH = 'off';

/** The configuration that turns a node's overlay off. */
export const offConfig = (listenPort: number): OverlayConfig => ({
  enabled: false,
  address: '0.0.0.0/32',
  listenPort,
  onBoot: false,
  forward: false,
  lans: [],
  exitVia: null,
  exitLans: [],
  exitFor: [],
  peers: [],
});
