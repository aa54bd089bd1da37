/**
 * A link's state from what its two ends report about each other (overlay.status): the path in use (direct,
 * through the relay, none), its latency, and how much crosses it. SPEC colours: green active (traffic
 * flows), blue idle (the tunnel is up, only keepalives and probes cross it), red fail (no path).
 */
import type { OverlayPeerStatus, SdwanLinkState, SdwanPath } from '@edge/protocol';
import type { LinkState } from './store.ts';

/** A report older than this is a node that stopped answering: its links fail. */
export const REPORT_STALE_MS = 15_000;
/** Above this many bytes a second the link carries traffic; below, keepalives and latency probes only. */
export const ACTIVE_BPS = 200;

export interface Report {
  at: number;
  peers: Map<string, OverlayPeerStatus>;
}

/** The last counters seen per link, for the throughput between two reports. */
export type Counters = Map<number, { at: number; bytes: number }>;

export function linkState(
  link: { id: number },
  ends: [string, string],
  reports: ReadonlyMap<string, Report>,
  counters: Counters,
  now: number,
): LinkState {
  const [a, b] = ends;
  const fresh = (id: string) => {
    const r = reports.get(id);
    return r && now - r.at < REPORT_STALE_MS ? r : undefined;
  };
  const seen = fresh(a)?.peers.get(b) ?? fresh(b)?.peers.get(a);
  if (!seen) {
    // Nobody has said anything yet (just made, devices still starting): idle rather than a false alarm.
    const anyReport = reports.has(a) || reports.has(b);
    return {
      state: anyReport ? 'fail' : 'idle',
      path: 'none',
      latencyMs: null,
      throughputBps: 0,
      stateAt: now,
      endpoint: null,
    };
  }
  const bytes = seen.rxBytes + seen.txBytes;
  const last = counters.get(link.id);
  counters.set(link.id, { at: now, bytes });
  const throughputBps =
    last && now > last.at && bytes >= last.bytes
      ? Math.round(((bytes - last.bytes) * 1000) / (now - last.at))
      : 0;
  const path: SdwanPath = seen.path;
  const state: SdwanLinkState = path === 'none' ? 'fail' : throughputBps > ACTIVE_BPS ? 'active' : 'idle';
  return {
    state,
    path,
    latencyMs: path === 'none' ? null : seen.latencyMs,
    throughputBps,
    stateAt: now,
    endpoint: path === 'none' ? null : seen.endpoint,
  };
}

/** Whether the change is worth telling (state, path, or latency by more than a millisecond and a fifth). */
export function differs(before: LinkState | undefined, after: LinkState): boolean {
  if (!before) return true;
  if (before.state !== after.state || before.path !== after.path || before.endpoint !== after.endpoint)
    return true;
  if ((before.latencyMs === null) !== (after.latencyMs === null)) return true;
  const [x, y] = [before.latencyMs ?? 0, after.latencyMs ?? 0];
  return (
    Math.abs(x - y) > Math.max(1, 0.2 * x) ||
    Math.abs(before.throughputBps - after.throughputBps) > 0.2 * Math.max(before.throughputBps, 1000)
  );
}
