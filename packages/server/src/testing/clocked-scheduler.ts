/**
 * A scheduler of a test console's store and jobs on a clock the test moves: what a console process's
 * scheduler would do at a given moment, restartable and runnable twice on one store (two replicas).
 * Times are local ISO strings without a zone, read as UTC ('2027-03-22T09:00:00').
 */
import { schedulerService } from '../scheduler/service.ts';
import type { TestConsole } from './harness.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);

export function clockedScheduler(edge: TestConsole, at: string) {
  const clock = { now: utc(at) };
  const scheduler = schedulerService({
    db: edge.store.db,
    jobs: edge.jobs,
    log: edge.app.log,
    tickMs: 1000,
    now: () => clock.now,
  });
  return {
    scheduler,
    /** Moves the clock and ticks. */
    async at(iso: string) {
      clock.now = utc(iso);
      await scheduler.runDue();
    },
  };
}
