/** Synthetic SD-WAN networks (tests and the bench): hub-and-spoke and full mesh with one node per site. */
import { generateKeyPairSync } from 'node:crypto';
import { allocator } from './ipam.ts';
import type { PlanLink, PlanModel, PlanNode, PlanSite } from './plan.ts';

/** A WireGuard public key as a device would report it (X25519, base64). */
export function publicKey(): string {
  const jwk = generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' });
  return Buffer.from(jwk.x!, 'base64url').toString('base64');
}

export const TUNNEL = { cidr: '100.64.0.0/10', rangeStart: '', rangeEnd: '' };

/** `sites` sites with one node each, LANs 10.(i/256).(i%256).0/24; links as `linked` says. */
export function network(
  sites: number,
  linked: (n: number) => [number, number][],
  keys = publicKey,
): PlanModel {
  const ips = allocator([TUNNEL], []);
  const siteList: PlanSite[] = [];
  const nodes: PlanNode[] = [];
  for (let i = 1; i <= sites; i++) {
    siteList.push({ id: i, lans: [`10.${Math.floor(i / 256)}.${i % 256}.0/24`], exitNodeId: null });
    nodes.push(node(`d${i}`, i, ips.next()!, keys()));
  }
  const links: PlanLink[] = linked(sites).map(([a, b], n) => link(n + 1, a, b));
  return { sites: siteList, nodes, links };
}

export const node = (deviceId: string, siteId: number | null, tunnelIp: string, key: string): PlanNode => ({
  deviceId,
  siteId,
  relay: siteId === null,
  publicKey: key,
  tunnelIp,
  endpoint: `192.0.2.${(deviceId.length * 7) % 250}:51820`,
  endpoints: [`192.0.2.${(deviceId.length * 7) % 250}:51820`],
  listenPort: 51820,
  onBoot: true,
});

export const link = (id: number, siteA: number, siteB: number, extra: Partial<PlanLink> = {}): PlanLink => ({
  id,
  siteA,
  siteB,
  mode: 'direct',
  relayId: null,
  rateLimitMbps: null,
  rules: [],
  ...extra,
});

export const hubAndSpoke = (n: number): [number, number][] =>
  Array.from({ length: n - 1 }, (_, i) => [1, i + 2] as [number, number]);

export function fullMesh(n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let a = 1; a <= n; a++) for (let b = a + 1; b <= n; b++) out.push([a, b]);
  return out;
}

/** The model with one more site (id n+1), linked as `to` says. */
export function withSite(model: PlanModel, to: number[], tunnelIp: string, key = publicKey()): PlanModel {
  const id = model.sites.length + 1;
  const next = model.links.length + 1;
  return {
    sites: [...model.sites, { id, lans: [`10.${Math.floor(id / 256)}.${id % 256}.0/24`], exitNodeId: null }],
    nodes: [...model.nodes, node(`d${id}`, id, tunnelIp, key)],
    links: [...model.links, ...to.map((other, i) => link(next + i, other, id))],
  };
}
