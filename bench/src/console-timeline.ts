/**
 * In the console child: a second-by-second record of what the console went through (device messages taken
 * in, the longest event-loop stall, garbage collection, time spent waiting for a core), so a slow API answer or RPC can be matched with
 * what happened at that moment instead of guessed at.
 */
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuWaitSeconds } from './proc-sampler.ts';

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

export function consoleTimeline(ingestedSoFar: () => number) {
  const seconds: Second[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcMs = 0;
  let gcMaxMs = 0;
  let gcTotalMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcTotalMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
    }
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
    stop() {
      clearInterval(timer);
      loop.disable();
      gc.disconnect();
    },
  };
}
