/**
 * Work collected between ticks and sent as one message per tick (LIVE_BATCH_MS), so a fleet reporting every
 * few seconds costs a browser two messages a second, not thousands. A tick that is still running when the
 * next is due is skipped: the collected work waits for the one after.
 */
import type { BusLog } from '../gateway/index.ts';

export function everyBatch(intervalMs: number, flush: () => Promise<void>, log: BusLog): () => void {
  let flushing = false;
  const timer = setInterval(() => {
    if (flushing) return;
    flushing = true;
    flush()
      .catch((err: unknown) => log.error({ err }, 'live batch failed'))
      .finally(() => (flushing = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
