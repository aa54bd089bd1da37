/**
 * Secure SD-WAN / OrpheLink (SPEC 2, 3): sites (name, LANs) made of nodes (devices), links between sites
 * (direct or through a relay node, rate limit, LAN destination rules), tunnel subnets with their ranges,
 * the exit node of a site. The console is the control plane; each device's WireGuard is the data plane
 * (device RPCs overlay.* below). Rules live here once for the forms and the API.
 */
import { z } from 'zod';
import { messages, type MessageCode } from './messages.ts';
import { isIPv4, textRule, type Rule } from './validation.ts';
import { contains, firstOverlap, parseAddressOrCidr, parseCidr } from './sdwan-cidr.ts';
import type { SecureMode } from './device-messages.ts';

export * from './sdwan-cidr.ts';

export const SDWAN_SITE_NAME_MAX = 64;
export const SDWAN_LANS_MAX = 32;
export const SDWAN_DEFAULT_PORT = 51820;
export const SDWAN_RATE_MAX = 10_000;
/** Seconds between keepalives on every tunnel: how soon a dead path shows, and what keeps NAT mappings open. */
export const SDWAN_KEEPALIVE_S = 5;
/**
 * The console host as a relay node (SDWAN_RELAY_ENDPOINT): the id it has among the nodes, where a device's
 * id would be. It is no device; links name it as their relay like any relay node.
 */
export const CONSOLE_NODE_ID = 'console';

/**
 * Secure mode (SPEC 4): of the modes a device can be switched to, 'OrpheLink Only' and 'Unlimited' allow
 * the overlay and 'Jump to Device Only' keeps it out. A device without a secure link ('Unsupported') has
 * no mode to restrict it, as for remote access (terminal.ts remoteAccessAllowed).
 */
export const overlayAllowed = (mode: SecureMode): boolean => mode !== 'Jump to Device Only';

/** A zod refinement carrying the SPEC code, as validation.ts ruled() does, for any value type. */
const check = <T>(rule: (v: T) => MessageCode | null) =>
  function (this: void, value: T, ctx: z.RefinementCtx) {
    const code = rule(value);
    if (code) ctx.addIssue({ code: 'custom', message: messages[code], params: { code } });
  };

export const siteNameRule: Rule = textRule('sdwanSiteNameEmpty', SDWAN_SITE_NAME_MAX, 'sdwanSiteNameLength');
export const cidrRule: Rule = (v) => (parseCidr(v) ? null : 'sdwanCidrInvalid');
export const lansRule = (lans: readonly string[]): MessageCode | null => {
  if (lans.length > SDWAN_LANS_MAX) return 'sdwanLansTooMany';
  for (const lan of lans) if (cidrRule(lan)) return 'sdwanCidrInvalid';
  for (let i = 0; i < lans.length; i++)
    if (firstOverlap([lans[i]!], lans.slice(i + 1))) return 'sdwanLansOverlapEachOther';
  return null;
};
export const portRuleSdwan = (v: number): MessageCode | null =>
  Number.isInteger(v) && v >= 1 && v <= 65535 ? null : 'sdwanPortRange';
export const rateLimitRule = (v: number | null): MessageCode | null =>
  v === null || (Number.isInteger(v) && v >= 1 && v <= SDWAN_RATE_MAX) ? null : 'sdwanRateLimitRange';
/** An advertised underlay address, `ip` or `ip:port`; empty means: the address the device reports. */
export const endpointRule: Rule = (v) => {
  if (v === '') return null;
  const [host, port, ...rest] = v.split(':');
  if (rest.length || !isIPv4(host ?? '')) return 'sdwanEndpointInvalid';
  return port === undefined || (/^\d+$/.test(port) && !portRuleSdwan(Number(port)))
    ? null
    : 'sdwanEndpointInvalid';
};

/** A tunnel subnet, and the tunnel IP range inside it that nodes get addresses from. */
export function subnetRule(s: { cidr: string; rangeStart?: string; rangeEnd?: string }): MessageCode | null {
  const c = parseCidr(s.cidr);
  if (!c) return 'sdwanCidrInvalid';
  if (c.prefix < 8 || c.prefix > 30) return 'sdwanSubnetTooSmall';
  const start = s.rangeStart ? parseAddressOrCidr(s.rangeStart) : null;
  const end = s.rangeEnd ? parseAddressOrCidr(s.rangeEnd) : null;
  if ((s.rangeStart && !start) || (s.rangeEnd && !end)) return 'sdwanRangeInvalid';
  const first = start?.first ?? c.first + 1;
  const last = end?.first ?? c.last - 1;
  if (first <= c.first || last >= c.last || first > last) return 'sdwanRangeInvalid';
  return null;
}

const siteName = z.string().superRefine(check(siteNameRule));
const lans = z
  .array(z.string().max(18))
  .max(SDWAN_LANS_MAX + 1)
  .superRefine(check(lansRule));
const id = z.number().int().positive();
const deviceId = z.string().min(1).max(64);

export const sdwanSiteRequest = z.object({
  name: siteName,
  lans,
  exitNodeId: deviceId.nullable().default(null),
});
export const sdwanSiteEditRequest = sdwanSiteRequest.extend({ id });
export const sdwanIdRequest = z.object({ id });

export const sdwanNodeRequest = z.object({
  deviceId,
  /** null: the Ungroup group (a node in no site, e.g. a relay). */
  siteId: id.nullable().default(null),
  relay: z.boolean().default(false),
  endpoint: z.string().max(21).default('').superRefine(check(endpointRule)),
  listenPort: z.number().default(SDWAN_DEFAULT_PORT).superRefine(check(portRuleSdwan)),
  onBoot: z.boolean().default(true),
});
export const sdwanNodeEditRequest = sdwanNodeRequest;
export const sdwanDeviceRequest = z.object({ deviceId });

export const sdwanRule = z.object({
  ip: z.string().superRefine(check((v: string) => (parseAddressOrCidr(v) ? null : 'sdwanRuleIpInvalid'))),
  /** Unset: every port. */
  port: z
    .number()
    .nullable()
    .default(null)
    .superRefine(
      check((v: number | null) => (v === null || !portRuleSdwan(v) ? null : 'sdwanRulePortRange')),
    ),
});
export type SdwanRule = z.infer<typeof sdwanRule>;

export const sdwanLinkModes = ['direct', 'relayed'] as const;
export type SdwanLinkMode = (typeof sdwanLinkModes)[number];
export const sdwanLinkRequest = z.object({
  siteA: id,
  siteB: id,
  /** direct: straight between the sites, falling back to the relay (when one is set) by itself; relayed: always through it. */
  mode: z.enum(sdwanLinkModes).default('direct'),
  relayId: deviceId.nullable().default(null),
  rateLimitMbps: z.number().nullable().default(null).superRefine(check(rateLimitRule)),
  /** LAN destinations the link carries; empty: all of both sites' LANs. */
  rules: z.array(sdwanRule).max(64).default([]),
});
export const sdwanLinkEditRequest = sdwanLinkRequest.extend({ id });

export const sdwanSubnetRequest = z
  .object({
    cidr: z.string().max(18),
    rangeStart: z.string().max(15).default(''),
    rangeEnd: z.string().max(15).default(''),
  })
  .superRefine(check(subnetRule));
export const sdwanSubnetEditRequest = z
  .object({
    id,
    cidr: z.string().max(18),
    rangeStart: z.string().max(15).default(''),
    rangeEnd: z.string().max(15).default(''),
  })
  .superRefine(check(subnetRule));

/** Whether a rule's destination lies in one of the LANs (a link's rules must name its sites' LANs). */
export const ruleInsideLans = (rule: { ip: string }, lansOf: readonly string[]): boolean => {
  const r = parseAddressOrCidr(rule.ip);
  return Boolean(
    r &&
    lansOf.some((lan) => {
      const l = parseCidr(lan);
      return l && contains(l, r);
    }),
  );
};

// ---- views -------------------------------------------------------------------------------------------

/** SPEC: WAN link colours green (active), blue (idle), red (fail). */
export const sdwanLinkStates = ['active', 'idle', 'fail'] as const;
export type SdwanLinkState = (typeof sdwanLinkStates)[number];
export const sdwanPaths = ['direct', 'relay', 'none'] as const;
export type SdwanPath = (typeof sdwanPaths)[number];

export const sdwanSiteView = z.object({
  id,
  name: z.string(),
  lans: z.array(z.string()),
  exitNodeId: z.string().nullable(),
  createdAt: z.number(),
});
export type SdwanSiteView = z.infer<typeof sdwanSiteView>;

export const sdwanNodeView = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  online: z.boolean(),
  siteId: z.number().nullable(),
  relay: z.boolean(),
  endpoint: z.string(),
  listenPort: z.number(),
  onBoot: z.boolean(),
  /** Reported by the device; the console never holds a private key. */
  publicKey: z.string().nullable(),
  tunnelIp: z.string().nullable(),
  addresses: z.array(z.string()),
  /** active: carries its site's links; standby: another node of the site does. */
  role: z.enum(['active', 'standby']),
  /** Whether the device has applied the configuration the console last computed for it. */
  inSync: z.boolean(),
  /** Whether the device's secure mode lets the overlay run (else it is kept out of the plan). */
  overlayAllowed: z.boolean(),
  /** The nodes it peers with now (device ids): its neighbours in the overlay, as its configuration says. */
  neighbours: z.array(z.string()),
});
export type SdwanNodeView = z.infer<typeof sdwanNodeView>;

export const sdwanLinkView = z.object({
  id,
  siteA: id,
  siteB: id,
  mode: z.enum(sdwanLinkModes),
  relayId: z.string().nullable(),
  rateLimitMbps: z.number().nullable(),
  rules: z.array(sdwanRule),
  state: z.enum(sdwanLinkStates),
  /** The path the traffic takes now: the active role; the other path (if any) stands by. */
  path: z.enum(sdwanPaths),
  /** The underlay address (`ip:port`) the path reaches the far end (or its relay) at now, as an end reports it. */
  endpoint: z.string().nullable(),
  latencyMs: z.number().nullable(),
  /** Bytes a second over the last report, both directions. */
  throughputBps: z.number(),
  updatedAt: z.number().nullable(),
});
export type SdwanLinkView = z.infer<typeof sdwanLinkView>;

export const sdwanSubnetView = z.object({
  id,
  cidr: z.string(),
  rangeStart: z.string(),
  rangeEnd: z.string(),
  used: z.number().int(),
  size: z.number().int(),
});
export type SdwanSubnetView = z.infer<typeof sdwanSubnetView>;

export const sdwanTopology = z.object({
  sites: z.array(sdwanSiteView),
  nodes: z.array(sdwanNodeView),
  links: z.array(sdwanLinkView),
  subnets: z.array(sdwanSubnetView),
});
export type SdwanTopology = z.infer<typeof sdwanTopology>;

export const sdwanMessageResponse = z.object({ message: z.string() });

// ---- device side (RPC overlay.*) --------------------------------------------------------------------

const wgKey = z.string().regex(/^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw480]=$/);

export const overlayPeer = z.object({
  /** The peer's device id, for the device's own reports. */
  name: z.string().max(64),
  publicKey: wgKey,
  /** The peer's tunnel address: what the device pings for the latency it reports. */
  address: z.string().max(15),
  /** `ip:port`, or null: the peer reaches us (behind NAT) or only through a relay. */
  endpoint: z.string().max(21).nullable(),
  /**
   * Every address the peer may be reached at (multi-addresses), `endpoint` first: tried in turn until a
   * handshake succeeds. Empty: `endpoint` alone.
   */
  endpoints: z.array(z.string().max(21)).max(16).default([]),
  allowedIps: z.array(z.string().max(18)).max(256),
  /** The relay to fall back to (its public key, also a peer here) when this peer cannot be reached directly. */
  relay: wgKey.nullable(),
  /** Through the relay from the start (a relayed link). */
  relayOnly: z.boolean(),
  rateLimitMbps: z.number().nullable(),
  rules: z.array(sdwanRule),
});
export type OverlayPeer = z.infer<typeof overlayPeer>;

/** What one node receives: its own address and peers only, never the whole network. */
export const overlayConfig = z.object({
  enabled: z.boolean(),
  address: z.string().max(18),
  listenPort: z.number().int().min(1).max(65535),
  onBoot: z.boolean(),
  /** A relay or exit node forwards between peers. */
  forward: z.boolean(),
  /** Own site's LANs: with an exit peer, their internet traffic leaves through it. */
  lans: z.array(z.string().max(18)),
  /** The exit node's public key when this node's site sends its internet traffic through one. */
  exitVia: wgKey.nullable(),
  /**
   * A relay on the way to an exit node: the LANs of relayed sites whose internet traffic it passes on to
   * `exitVia` (as a site node does with its own `lans`).
   */
  exitLans: z.array(z.string().max(18)).max(256).default([]),
  /**
   * An exit node: the other sites' LANs whose internet traffic it carries, sent on out of its own uplink
   * under its own address (masqueraded), so that answers find their way back.
   */
  exitFor: z.array(z.string().max(18)).max(256).default([]),
  peers: z.array(overlayPeer).max(4096),
});
export type OverlayConfig = z.infer<typeof overlayConfig>;

export const overlayIdentity = z.object({
  publicKey: wgKey,
  listenPort: z.number().int(),
  /** The device's own IPv4 addresses (multi-addresses), candidates for its endpoint. */
  addresses: z.array(z.string()).max(64),
  backend: z.enum(['kernel', 'wireguard-go', 'simulated']),
});
export type OverlayIdentity = z.infer<typeof overlayIdentity>;

export const overlayPeerStatus = z.object({
  name: z.string(),
  publicKey: z.string(),
  path: z.enum(sdwanPaths),
  /** The underlay address WireGuard sends to for this path now (the relay's on a relayed path). */
  endpoint: z.string().nullable().default(null),
  /** Seconds since the epoch, null: never. */
  latestHandshake: z.number().nullable(),
  rxBytes: z.number().nonnegative(),
  txBytes: z.number().nonnegative(),
  latencyMs: z.number().nullable(),
});
export type OverlayPeerStatus = z.infer<typeof overlayPeerStatus>;
export const overlayStatus = z.object({ peers: z.array(overlayPeerStatus) });
export type OverlayStatus = z.infer<typeof overlayStatus>;
