/** How a job ends (deadline, cancel, stop rule, all steps done) and runs again. */
import { jobOptions } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { PENDING, UNFINISHED, type JobLock } from './rows.ts';
import { inTransaction } from '../db/transaction.ts';

/** A job that may still run steps: running, or paused until an operator resumes it. */
const LIVE: readonly string[] = ['running', 'paused'];

export function jobLifecycle(db: Db, lockJob: JobLock) {
  return {
    /** Pending steps of running jobs past their deadline. Returns the job ids touched. */
    async expire(now: number, reason: string): Promise<number[]> {
      // The jobs first, then their steps through the (job, state) index: one statement with the jobs as a
      // subquery scanned every step of every job on each tick (SQLite looked at the steps first).
      const pastDeadline = db
        .selectFrom('jobs')
        .select('jobs.id')
        .where('jobs.state', '=', 'running')
        .where('jobs.deadline_at', '<', now);
      const past = await pastDeadline.execute();
      if (!past.length) return [];
      const rows = await db
        .updateTable('job_steps')
        .set({ state: 'expired', reason, finished_at: now, updated_at: now })
        .where(
          'job_id',
          'in',
          past.map((j) => j.id),
        )
        .where('state', 'in', PENDING)
        // Asked again in the statement: a job paused or halted since the first read keeps its steps.
        .where('job_id', 'in', pastDeadline)
        .returning('job_id')
        .execute();
      return [...new Set(rows.map((r) => r.job_id))];
    },

    /**
     * Ends a running job early (cancel, stop rule, failed canary): its pending steps are cancelled with
     * `reason`; running ones finish and report. False when the job was not running.
     */
    async halt(jobId: number, state: 'cancelled' | 'stopped', reason: string, now: number): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const job = await lockJob(trx, jobId);
        if (!job || !LIVE.includes(job.state)) return false;
        await trx.updateTable('jobs').set({ state, paused_at: null }).where('id', '=', jobId).execute();
        await trx
          .updateTable('job_steps')
          .set({ state: 'cancelled', reason, finished_at: now, updated_at: now })
          .where('job_id', '=', jobId)
          .where('state', 'in', PENDING)
          .execute();
        return true;
      });
    },

    /**
     * Pauses a running job: it claims no new step (the runner looks only at running jobs), its running
     * steps finish and report. False when it was not running.
     */
    async pause(jobId: number, now: number): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const job = await lockJob(trx, jobId);
        if (job?.state !== 'running') return false;
        await trx
          .updateTable('jobs')
          .set({ state: 'paused', paused_at: now })
          .where('id', '=', jobId)
          .execute();
        return true;
      });
    },

    /** A paused job runs on; its deadline moves on by the time it was paused. False when it was not paused. */
    async resume(jobId: number, now: number): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const job = await lockJob(trx, jobId);
        if (job?.state !== 'paused') return false;
        const paused = Math.max(0, now - Number(job.paused_at ?? now));
        await trx
          .updateTable('jobs')
          .set({ state: 'running', paused_at: null, deadline_at: Number(job.deadline_at) + paused })
          .where('id', '=', jobId)
          .execute();
        return true;
      });
    },

    /** Failed steps queued again (a new attempt each); the job runs again with a fresh deadline. */
    async rerun(jobId: number, now: number): Promise<number> {
      return inTransaction(db, async (trx) => {
        const job = await lockJob(trx, jobId);
        if (!job) return 0;
        const res = await trx
          .updateTable('job_steps')
          .set({ state: 'queued', reason: null, note: null, progress: 0, finished_at: null, updated_at: now })
          .where('job_id', '=', jobId)
          .where('state', '=', 'failed')
          .executeTakeFirst();
        const requeued = Number(res.numUpdatedRows);
        if (requeued) {
          const { deadlineMs } = jobOptions.parse(JSON.parse(job.options));
          await trx
            .updateTable('jobs')
            // A paused job stays paused: its failed steps wait with the rest for the resume.
            .set({
              state: job.state === 'paused' ? 'paused' : 'running',
              finished_at: null,
              deadline_at: now + deadlineMs,
            })
            .where('id', '=', jobId)
            .execute();
        }
        return requeued;
      });
    },

    /**
     * Closes the job once no step is left to run: succeeded when every step did, failed otherwise; a
     * cancelled or stopped job gets its finish time when its last running step reports.
     */
    async settle(jobId: number, now: number): Promise<boolean> {
      // Every step's end asks: while another step of the job still runs (most of a fanned-out job's life) one
      // indexed row answers, instead of counting all the job's steps each time (quadratic over a fleet).
      const stillRunning = await db
        .selectFrom('job_steps')
        .select('id')
        .where('job_id', '=', jobId)
        .where('state', '=', 'running')
        .limit(1)
        .executeTakeFirst();
      if (stillRunning) return false;
      return inTransaction(db, async (trx) => {
        const job = await lockJob(trx, jobId);
        if (!job || job.finished_at !== null) return false;
        const rows = await trx
          .selectFrom('job_steps')
          .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
          .where('job_id', '=', jobId)
          .groupBy('state')
          .execute();
        const by = new Map(rows.map((r) => [r.state, Number(r.n)]));
        // A paused job is not over while steps wait for it to resume.
        const live = LIVE.includes(job.state);
        const open = (live ? UNFINISHED : ['running']).some((s) => by.get(s));
        if (open) return false;
        const total = [...by.values()].reduce((a, b) => a + b, 0);
        const state = live ? ((by.get('succeeded') ?? 0) === total ? 'succeeded' : 'failed') : job.state;
        await trx
          .updateTable('jobs')
          .set({ state, finished_at: now, paused_at: null })
          .where('id', '=', jobId)
          .execute();
        return true;
      });
    },
  };
}
