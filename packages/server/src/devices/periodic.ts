/**
 * The devices feature's periodic work on this replica. Per replica, not on the scheduler: each replica
 * sweeps and flushes what only it holds in memory (the presence of its own connections, the points and log
 * lines it took in); another replica cannot do it.
 */
import type { BusLog } from '../gateway/index.ts';

/** Runs `work` every `ms`, skipping a beat while the last run is still busy; a failure is logged. */
export function every(ms: number, what: string, work: () => unknown, log: BusLog): NodeJS.Timeout {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    Promise.resolve()
      .then(work)
      .catch((err: unknown) => log.error({ err }, `${what} failed`))
      .finally(() => (busy = false));
  }, ms);
  timer.unref();
  return timer;
}
