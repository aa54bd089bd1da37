/**
 * In the console child: a second-by-second record of what the console went through (device messages taken
 * in, the longest event-loop stall, garbage collection, time spent waiting for a core), so a slow API answer or RPC can be matched with
 * what happened at that moment instead of guessed at.
 */
import { PerformanceObserver, constants, monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuWaitSeconds } from './proc-sampler.ts';
import { percentile } from './stats.ts';

export interface Second {
  /** Epoch ms at the end of the second. */
  at: number;
  ingested: number;
  loopDelayMaxMs: number;
  gcMs: number;
  gcMaxMs: number;
  heapUsedMiB: number;
  /** Milliseconds of the second the console's main thread was ready to run but had no core. */
  cpuWaitMs: number;
}

const KEEP_SECONDS = 600;
/** Single pauses kept for percentiles: a minute of a busy console's scavenges is a few hundred. */
const KEEP_PAUSES = 50_000;

/** Garbage-collection pauses over a window: a slow keystroke or request next to the longest of them. */
export interface GcPauses {
  n: number;
  p99Ms: number;
  maxMs: number;
  totalMs: number;
  /** Of the longest: scavenge (young generation), mark-compact (old), incremental marking or weak callbacks. */
  longestKind: string;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

export function consoleTimeline(ingestedSoFar: () => number) {
  const seconds: Second[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcMs = 0;
  let gcMaxMs = 0;
  let gcTotalMs = 0;
  const pauses: { at: number; ms: number; kind: number }[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcTotalMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      pauses.push({
        at: Date.now(),
        ms: entry.duration,
        kind: (entry as { detail?: { kind?: number } }).detail?.kind ?? 0,
      });
    }
    if (pauses.length > KEEP_PAUSES) pauses.splice(0, pauses.length - KEEP_PAUSES);
  });
  gc.observe({ entryTypes: ['gc'] });
  let last = ingestedSoFar();
  let lastWait = cpuWaitSeconds('self');
  const timer = setInterval(() => {
    const now = ingestedSoFar();
    const wait = cpuWaitSeconds('self');
    seconds.push({
      at: Date.now(),
      ingested: now - last,
      loopDelayMaxMs: loop.max / 1e6,
      gcMs,
      gcMaxMs,
      heapUsedMiB: process.memoryUsage().heapUsed / 2 ** 20,
      cpuWaitMs: (wait - lastWait) * 1000,
    });
    lastWait = wait;
    if (seconds.length > KEEP_SECONDS) seconds.shift();
    last = now;
    loop.reset();
    gcMs = 0;
    gcMaxMs = 0;
  }, 1000);
  timer.unref();
  return {
    since: (at: number): Second[] => seconds.filter((s) => s.at > at),
    gcTotalMs: () => gcTotalMs,
    gcPauses(at: number): GcPauses {
      const window = pauses.filter((p) => p.at > at).sort((a, b) => a.ms - b.ms);
      const sorted = window.map((p) => p.ms);
      return {
        n: sorted.length,
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? NaN,
        totalMs: sorted.reduce((a, b) => a + b, 0),
        longestKind: GC_KINDS[window.at(-1)?.kind ?? 0] ?? 'none',
      };
    },
    stop() {
      clearInterval(timer);
      loop.disable();
      gc.disconnect();
    },
  };
}
