/**
 * The bench-only control channel between the driver and the console child: one JSON request a line on the
 * child's stdin, one JSON line per answer or event on its stdout after MARK (the console's own log lines
 * share stdout and are told apart by the mark).
 */
import type { Console } from '@edge/server';
import type { GcPauses, Second } from './console-timeline.ts';
import type { SqlStat } from './sql-stats.ts';

export type IngestCounts = ReturnType<Console['devices']['ingest']>;

export const MARK = '@bench ';

export type ConsoleRequest =
  | { cmd: 'provision'; prefix: string; count: number; claimCode: string }
  | { cmd: 'counts' }
  | { cmd: 'device'; serial: string }
  /** Answers once at least `target` devices are online (or `timeoutMs` passes) with when each share was reached. */
  | { cmd: 'waitOnline'; target: number; timeoutMs: number }
  /** Answers once at most `atMost` devices are online (or `timeoutMs` passes). */
  | { cmd: 'waitOffline'; atMost: number; timeoutMs: number }
  | { cmd: 'ingest' }
  /** The console's second-by-second record since `at` (console-timeline.ts). */
  | { cmd: 'timeline'; at: number }
  /** The console's garbage-collection pauses since `at`. */
  | { cmd: 'gcPauses'; at: number }
  /** `count` getInfo calls, one at a time, spread over `spreadMs`. */
  | { cmd: 'rpc'; count: number; spreadMs: number; deadlineMs: number }
  /** Answers at once; an `offline` event follows when the device goes offline. */
  | { cmd: 'watchOffline'; serial: string }
  /** External broker: clears the retained presence word of every device, leaving the broker as found. */
  | { cmd: 'clearRetained' }
  /** Writes a V8 heap snapshot of the console to `file` (diagnosis of memory per device). */
  | { cmd: 'heapSnapshot'; file: string }
  /** A full garbage collection, then the heap in use: what the console keeps, without the garbage of the moment. */
  | { cmd: 'liveHeap' }
  /** Time per SQL statement since start or the last reset (BENCH_SQL_STATS=1, sql-stats.ts); `reset` starts over. */
  | { cmd: 'sqlStats'; reset?: boolean }
  /** The console's monotonic clock in µs, the clock of its CPU profile: marks a phase in the profile. */
  | { cmd: 'clock' }
  | { cmd: 'quit' };

export type Command = ConsoleRequest['cmd'];

export interface Counts {
  numOnline: number;
  numOffline: number;
}

export interface OnlineProgress {
  reached: boolean;
  /** Epoch ms when half, nine tenths and all of `target` were online (null when not reached). */
  at50: number | null;
  at90: number | null;
  at100: number | null;
  counts: Counts;
}

export interface IngestReading {
  at: number;
  counts: IngestCounts;
  /** Event-loop delay since the previous reading, ms. */
  loopDelayP99: number;
  loopDelayMax: number;
  /** Garbage collection since start, ms. */
  gcTotalMs: number;
  memory: NodeJS.MemoryUsage;
}

export interface RpcReading {
  /** Round trips of successful calls, ms, and when each started (epoch ms). */
  timings: number[];
  startedAt: number[];
  /** Failed calls by reason. */
  failures: Record<string, number>;
}

export interface Replies {
  provision: { ms: number };
  counts: Counts;
  device: { deviceId: string; online: boolean };
  waitOnline: OnlineProgress;
  waitOffline: { reached: boolean; at: number; counts: Counts };
  ingest: IngestReading;
  timeline: Second[];
  gcPauses: GcPauses;
  rpc: RpcReading;
  watchOffline: { deviceId: string };
  clearRetained: { cleared: number };
  heapSnapshot: { file: string };
  liveHeap: { heapUsed: number; external: number };
  sqlStats: SqlStat[];
  clock: { us: number };
  quit: { closed: true };
}

export type ConsoleMessage =
  | { id: number; ok: true; reply: unknown }
  | { id: number; ok: false; error: string }
  | { event: 'ready'; port: number; tcpPort: number | null }
  | { event: 'offline'; serial: string; at: number };
