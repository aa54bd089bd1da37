/**
 * Steps under leases: claiming them within the job's concurrency, reporting on them while the lease is held,
 * renewing it, and handing back the steps whose console is gone.
 */
import { sql } from 'kysely';
import { FINISHED_STEP_STATES, jobOptions, type StepState } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { PENDING, emptyCounts, passedFailLimit, type ClaimedStep, type JobLock } from './rows.ts';
import { inTransaction } from '../db/transaction.ts';

export function stepLeases(db: Db, lockJob: JobLock) {
  return {
    /** Pending steps of the job's open waves whose device `isReachable`. */
    async pending(
      jobId: number,
      maxWave: number,
    ): Promise<{ id: number; deviceId: string; state: StepState }[]> {
      const rows = await db
        .selectFrom('job_steps')
        .select(['id', 'device_id', 'state'])
        .where('job_id', '=', jobId)
        .where('state', 'in', PENDING)
        .where('wave', '<=', maxWave)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: r.id, deviceId: r.device_id, state: r.state as StepState }));
    },

    /**
     * Claims up to the job's free concurrency among `candidates` for `owner`. The job row is locked, so
     * concurrent claimers of one job count the running steps one after the other and never exceed the limit.
     */
    async claim(jobId: number, candidates: number[], owner: string, leaseMs: number): Promise<ClaimedStep[]> {
      if (!candidates.length) return [];
      return inTransaction(db, async (trx) => {
        const job = await lockJob(trx, jobId);
        if (!job || job.state !== 'running') return [];
        // Read after the lock: a claim that waited for it does not look started before the steps it followed.
        const now = Date.now();
        const options = jobOptions.parse(JSON.parse(job.options));
        // Running and failed read in one statement: a step finishing between two reads would free a slot
        // while its failure went unseen, and the stop rule would let more steps start than it allows.
        const counts = emptyCounts();
        const rows = await trx
          .selectFrom('job_steps')
          .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
          .where('job_id', '=', jobId)
          .groupBy('state')
          .execute();
        for (const r of rows) counts[r.state as StepState] = Number(r.n);
        if (passedFailLimit(counts, options)) return [];
        const free = options.concurrency - counts.running;
        const claimed: ClaimedStep[] = [];
        for (const id of candidates) {
          if (claimed.length >= free) break;
          const row = await trx
            .updateTable('job_steps')
            .set((eb) => ({
              state: 'running',
              lease_owner: owner,
              lease_until: now + leaseMs,
              attempts: eb('attempts', '+', 1),
              progress: 0,
              note: null,
              reason: null,
              started_at: now,
              finished_at: null,
              updated_at: now,
            }))
            .where('id', '=', id)
            .where('job_id', '=', jobId)
            .where('state', 'in', PENDING)
            .returning(['id', 'job_id', 'device_id', 'attempts'])
            .executeTakeFirst();
          if (row)
            claimed.push({ id: row.id, jobId: row.job_id, deviceId: row.device_id, attempts: row.attempts });
        }
        return claimed;
      });
    },

    /** How far one wave got. */
    async waveCounts(
      jobId: number,
      wave: number,
    ): Promise<{ total: number; finished: number; succeeded: number }> {
      const rows = await db
        .selectFrom('job_steps')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('job_id', '=', jobId)
        .where('wave', '=', wave)
        .groupBy('state')
        .execute();
      const out = { total: 0, finished: 0, succeeded: 0 };
      for (const r of rows) {
        const n = Number(r.n);
        out.total += n;
        if (FINISHED_STEP_STATES.includes(r.state as StepState)) out.finished += n;
        if (r.state === 'succeeded') out.succeeded += n;
      }
      return out;
    },

    /** Queued steps whose device is offline: shown as waiting. */
    async markWaiting(stepIds: number[], now: number): Promise<number[]> {
      if (!stepIds.length) return [];
      const rows = await db
        .updateTable('job_steps')
        .set({ state: 'waiting', updated_at: now })
        .where('id', 'in', stepIds)
        .where('state', '=', 'queued')
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Only the lease's owner may report on a running step; false when it lost the lease. */
    async progress(stepId: number, owner: string, progress: number, note: string | null, now: number) {
      const res = await db
        .updateTable('job_steps')
        .set({ progress, note, updated_at: now })
        .where('id', '=', stepId)
        .where('state', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    async finish(
      stepId: number,
      owner: string,
      outcome: { state: 'succeeded' | 'failed'; reason?: string; result?: unknown },
      now: number,
    ): Promise<boolean> {
      const res = await db
        .updateTable('job_steps')
        .set({
          state: outcome.state,
          reason: outcome.reason ?? null,
          result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
          progress: outcome.state === 'succeeded' ? 100 : sql<number>`progress`,
          lease_owner: null,
          lease_until: null,
          finished_at: now,
          updated_at: now,
        })
        .where('id', '=', stepId)
        .where('state', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Keeps this console's claims alive while their steps run. */
    async renew(owner: string, now: number, leaseMs: number): Promise<void> {
      await db
        .updateTable('job_steps')
        .set({ lease_until: now + leaseMs })
        .where('state', '=', 'running')
        .where('lease_owner', '=', owner)
        .execute();
    },

    /**
     * Running steps of `kinds` whose lease passed (their console died, or `owner`'s when it stops): queued
     * again when their kind is idempotent, interrupted otherwise. Returns the job ids touched.
     */
    async recover(
      now: number,
      kinds: string[],
      idempotentKinds: string[],
      reason: string,
      owner?: string,
    ): Promise<number[]> {
      if (!kinds.length) return [];
      const stale = db
        .updateTable('job_steps')
        .where('state', '=', 'running')
        .where('job_id', 'in', db.selectFrom('jobs').select('jobs.id').where('jobs.kind', 'in', kinds))
        .where(owner ? (eb) => eb('lease_owner', '=', owner) : (eb) => eb('lease_until', '<', now));
      // A kind name no kind has (names are never empty), for an empty list: `in ()` is not valid SQL.
      const idempotentJobs = db
        .selectFrom('jobs')
        .select('jobs.id')
        .where('jobs.kind', 'in', idempotentKinds.length ? idempotentKinds : ['']);
      const requeued = await stale
        .where('job_id', 'in', idempotentJobs)
        .set({ state: 'queued', lease_owner: null, lease_until: null, note: null, updated_at: now })
        .returning('job_id')
        .execute();
      const interrupted = await stale
        .where('job_id', 'not in', idempotentJobs)
        .set({
          state: 'interrupted',
          reason,
          lease_owner: null,
          lease_until: null,
          finished_at: now,
          updated_at: now,
        })
        .returning('job_id')
        .execute();
      return [...new Set([...requeued, ...interrupted].map((r) => r.job_id))];
    },
  };
}
