/**
 * The SD-WAN control plane at scale (issue 21): compute time and messages of the plan (server
 * sdwan/plan.ts, the same code the console runs) for a 1,000-site hub-and-spoke and a 200-site full mesh,
 * then for one site added to each. Targets: under 1 s to compute; an addition sends to the new node and
 * the nodes that peer with it, and to no other. Pure computation: no console, no fleet.
 */
import { performance } from 'node:perf_hooks';
import {
  changedConfigs,
  computeConfigs,
  fullMesh,
  hubAndSpoke,
  network,
  withSite,
} from '@edge/server/sdwan-plan';

export interface SdwanPlanFigure {
  shape: string;
  sites: number;
  links: number;
  /** Full computation (every node's configuration and hash), ms. */
  computeMs: number;
  /** Nodes told on the first computation, and the peer entries and bytes sent to them. */
  messages: number;
  peers: number;
  bytes: number;
  /** One site added: computation plus diff, ms; nodes told; whether exactly the expected ones. */
  addMs: number;
  addMessages: number;
  addExact: boolean;
}

function measure(
  shape: string,
  sites: number,
  links: (n: number) => [number, number][],
  addTo: number[],
): SdwanPlanFigure {
  const model = network(sites, links);
  let begin = performance.now();
  const configs = computeConfigs(model);
  const first = changedConfigs(new Map(), configs);
  const computeMs = performance.now() - begin;
  const hashes = new Map([...first.send].map(([id, { hash }]) => [id, hash]));
  let peers = 0;
  let bytes = 0;
  for (const { config } of first.send.values()) {
    peers += config.peers.length;
    bytes += JSON.stringify(config).length;
  }
  const grown = withSite(model, addTo, '100.127.255.1');
  begin = performance.now();
  const after = changedConfigs(hashes, computeConfigs(grown));
  const addMs = performance.now() - begin;
  const expected = new Set([`d${sites + 1}`, ...addTo.map((s) => `d${s}`)]);
  const told = [...after.send.keys()];
  return {
    shape,
    sites,
    links: model.links.length,
    computeMs,
    messages: first.send.size,
    peers,
    bytes,
    addMs,
    addMessages: told.length,
    addExact: told.length === expected.size && told.every((id) => expected.has(id)),
  };
}

export function measureSdwanPlan(scale = 1): SdwanPlanFigure[] {
  const hub = Math.max(3, Math.round(1000 * scale));
  const mesh = Math.max(3, Math.round(200 * scale));
  // Warm the code once, so the figures are of the work, not of the compiler.
  measure('warm-up', 20, fullMesh, [1]);
  return [
    measure('hub-and-spoke', hub, hubAndSpoke, [1]),
    measure(
      'full mesh',
      mesh,
      fullMesh,
      Array.from({ length: mesh }, (_, i) => i + 1),
    ),
  ];
}

export function formatSdwanPlan(figures: SdwanPlanFigure[]): string {
  const head =
    '| shape | sites | links | compute ms | nodes told | peer entries | MB sent | +1 site ms | +1 site nodes told | only its peers |';
  const rows = figures.map((f) =>
    [
      f.shape,
      f.sites,
      f.links,
      f.computeMs.toFixed(0),
      f.messages,
      f.peers,
      (f.bytes / 1e6).toFixed(1),
      f.addMs.toFixed(0),
      f.addMessages,
      f.addExact ? 'yes' : 'NO',
    ].join(' | '),
  );
  return [head, `|${' --- |'.repeat(10)}`, ...rows.map((r) => `| ${r} |`)].join('\n');
}
