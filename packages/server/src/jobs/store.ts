/**
 * Jobs and steps in the database. Every state change of a step is a conditional update (on its state and,
 * while it runs, on its lease owner), so what two consoles race for is decided by the database.
 * records.ts creates and reads, leases.ts runs steps under leases, lifecycle.ts ends and reruns jobs.
 */
import type { Db, Dialect } from '../db/schema.ts';
import { jobLock } from './rows.ts';
import { jobRecords } from './records.ts';
import { stepLeases } from './leases.ts';
import { jobLifecycle } from './lifecycle.ts';

export type { NewJob, JobRow, ClaimedStep } from './rows.ts';
export { toStepView } from './rows.ts';

export function jobStore(db: Db, dialect: Dialect) {
  const lockJob = jobLock(dialect);
  return { ...jobRecords(db), ...stepLeases(db, lockJob), ...jobLifecycle(db, lockJob) };
}

export type JobStore = ReturnType<typeof jobStore>;
