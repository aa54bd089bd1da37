/**
 * Steps under leases: claiming them within the job's concurrency, reporting on them while the lease is held,
 * renewing it, and handing back the steps whose console is gone.
 */
import { sql } from 'kysely';
import { FINISHED_STEP_STATES, jobOptions, type StepState, type StepView } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { PENDING, emptyCounts, passedFailLimit, toStepView, type ClaimedStep, type JobLock } from './rows.ts';
import { inTransaction } from '../db/transaction.ts';
import { updateMany } from '../lib/batch-update.ts';

/** Pending steps read at a time while looking for steps to claim. */
export const CLAIM_PAGE = 200;
/** Steps whose device came back first (they waited longest), then the queued ones. */
const PENDING_ORDER: StepState[] = ['waiting', 'queued'];

export function stepLeases(db: Db, lockJob: JobLock) {
  return {
    /**
     * Claims up to the job's free concurrency for `owner` among the pending steps of its open waves (up to
     * `maxWave`) whose device `isOnline`, oldest first: waiting steps (their device came back), then queued
     * ones. A queued step of an offline device met on the way is marked waiting. Only as many steps are read
     * as it takes to fill the free slots (a page at a time), not every pending step of a fleet-wide job: each
     * step's end starts a claim, and reading 10,000 rows each time kept the event loop from the requests.
     * The job row is locked, so concurrent claimers of one job count the running steps one after the other
     * and never exceed the limit. At most `max` steps are claimed: a claim holds SQLite's one connection (and
     * the event loop, its driver being synchronous) from its first statement to its commit, so the runner
     * claims a fleet-wide job's first thousand steps in several short transactions rather than one long one.
     */
    async claim(
      jobId: number,
      maxWave: number,
      owner: string,
      leaseMs: number,
      isOnline: (deviceId: string) => boolean,
      max = Infinity,
    ): Promise<{ claimed: ClaimedStep[]; waiting: StepView[] }> {
      const none = { claimed: [], waiting: [] };
      return inTransaction(db, async (trx) => {
        const job = await lockJob(trx, jobId);
        if (!job || job.state !== 'running') return none;
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
        if (passedFailLimit(counts, options)) return none;
        const free = Math.min(max, options.concurrency - counts.running);
        const claimed: ClaimedStep[] = [];
        const offline: number[] = [];
        // One state at a time: the (job_id, state) index then yields the steps in id order, page by page.
        for (const state of PENDING_ORDER) {
          let after = 0;
          while (claimed.length < free) {
            const page = await trx
              .selectFrom('job_steps')
              .select(['id', 'device_id'])
              .where('job_id', '=', jobId)
              .where('state', '=', state)
              .where('wave', '<=', maxWave)
              .where('id', '>', after)
              .orderBy('id')
              .limit(CLAIM_PAGE)
              .execute();
            for (const candidate of page) {
              if (claimed.length >= free) break;
              after = candidate.id;
              if (!isOnline(candidate.device_id)) {
                if (state === 'queued') offline.push(candidate.id);
                continue;
              }
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
                .where('id', '=', candidate.id)
                .where('state', 'in', PENDING)
                .returningAll()
                .executeTakeFirst();
              if (row)
                claimed.push({
                  id: row.id,
                  jobId: row.job_id,
                  deviceId: row.device_id,
                  attempts: row.attempts,
                  view: toStepView(row),
                });
            }
            if (page.length < CLAIM_PAGE) break;
          }
        }
        const waiting: StepView[] = [];
        // Chunks keep the bind-parameter limits far away when a fleet-wide job's devices are all offline.
        for (let i = 0; i < offline.length; i += 1000) {
          const rows = await trx
            .updateTable('job_steps')
            .set({ state: 'waiting', updated_at: now })
            .where('id', 'in', offline.slice(i, i + 1000))
            .where('state', '=', 'queued')
            .returningAll()
            .execute();
          waiting.push(...rows.map(toStepView));
        }
        return { claimed, waiting };
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

    /**
     * The newest progress of many running steps, in one transaction: written by the runner every so often
     * rather than at each of a step's output lines. Only the lease's owner may report on a running step;
     * returns the ids of the steps whose lease `owner` lost.
     */
    async progress(
      owner: string,
      updates: readonly { stepId: number; progress: number; note: string | null; at: number }[],
    ): Promise<number[]> {
      if (!updates.length) return [];
      // A statement per few hundred steps (lib/batch-update.ts), not one per step: a fleet-wide ping's
      // thousand running steps each report a line a second, and their updates one by one were most of the
      // console's database time while it ran.
      const written = await updateMany(
        db,
        'job_steps',
        { name: 'id', type: 'integer' },
        [
          { name: 'progress', type: 'integer' },
          { name: 'note', type: 'text' },
          { name: 'updated_at', type: 'bigint' },
        ],
        updates.map((u) => [u.stepId, u.progress, u.note, u.at]),
        {
          where: sql`${sql.ref('job_steps.state')} = 'running' and ${sql.ref('job_steps.lease_owner')} = ${owner}`,
        },
      );
      const kept = new Set(written.map(Number));
      return updates.filter((u) => !kept.has(u.stepId)).map((u) => u.stepId);
    },

    /**
     * The step's end with its last progress and note (`last`, when the runner still held some unwritten).
     * The step as stored then, or undefined when `owner` lost the lease.
     */
    async finish(
      stepId: number,
      owner: string,
      outcome: { state: 'succeeded' | 'failed'; reason?: string; result?: unknown },
      now: number,
      last?: { progress: number; note: string | null },
    ): Promise<StepView | undefined> {
      const row = await db
        .updateTable('job_steps')
        .set({
          state: outcome.state,
          reason: outcome.reason ?? null,
          result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
          progress: outcome.state === 'succeeded' ? 100 : (last?.progress ?? sql<number>`progress`),
          ...(last && { note: last.note }),
          lease_owner: null,
          lease_until: null,
          finished_at: now,
          updated_at: now,
        })
        .where('id', '=', stepId)
        .where('state', '=', 'running')
        .where('lease_owner', '=', owner)
        .returningAll()
        .executeTakeFirst();
      return row && toStepView(row);
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
