/**
 * Steps under leases: claiming them within the job's concurrency, reporting on them while the lease is held,
 * renewing it, and handing back the steps whose console is gone.
 */
import { sql } from 'kysely';
import { FINISHED_STEP_STATES, jobOptions, type StepState, type StepView } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { PENDING, failedShareOver, toStepView, type ClaimedStep, type JobLock } from './rows.ts';
import { inTransaction } from '../db/transaction.ts';
import { updateMany, type Column, type SqlValue } from '../lib/batch-update.ts';

/** How a step ended, as written by finishMany. */
export interface StepEnd {
  stepId: number;
  state: 'succeeded' | 'failed';
  reason: string | null;
  /** The kind's result; undefined when it gave none. */
  result: unknown;
  /** The last progress and note reported (100 for a success). */
  progress: number;
  note: string | null;
  at: number;
}

/** What a step's end writes; the lease is let go with it. */
const END_COLUMNS: Column[] = [
  { name: 'state', type: 'text' },
  { name: 'reason', type: 'text' },
  { name: 'result', type: 'text' },
  { name: 'progress', type: 'integer' },
  { name: 'note', type: 'text' },
  { name: 'lease_owner', type: 'text' },
  { name: 'lease_until', type: 'bigint' },
  { name: 'finished_at', type: 'bigint' },
  { name: 'updated_at', type: 'bigint' },
];
const endRow = (e: StepEnd): SqlValue[] => [
  e.stepId,
  e.state,
  e.reason,
  e.result === undefined ? null : JSON.stringify(e.result),
  e.state === 'succeeded' ? 100 : e.progress,
  e.note,
  null,
  null,
  e.at,
  e.at,
];

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
    ): Promise<{ claimed: ClaimedStep[]; waiting: StepView[]; passedFailLimit?: true }> {
      const none = { claimed: [], waiting: [] };
      return inTransaction(db, async (trx) => {
        const job = await lockJob(trx, jobId);
        if (!job || job.state !== 'running') return none;
        // Read after the lock: a claim that waited for it does not look started before the steps it followed.
        const now = Date.now();
        const options = jobOptions.parse(JSON.parse(job.options));
        // Running and failed read in one statement: a step finishing between two reads would free a slot
        // while its failure went unseen, and the stop rule would let more steps start than it allows. Each
        // is counted on its own (state, job) range of the index: counting every state read each of a
        // fleet-wide job's 10,000 steps on every tick.
        const stateCount = (state: StepState) =>
          trx
            .selectFrom('job_steps')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('job_id', '=', jobId)
            .where('state', '=', state);
        const counted = await trx
          .selectNoFrom([stateCount('running').as('running'), stateCount('failed').as('failed')])
          .executeTakeFirstOrThrow();
        const running = Number(counted.running);
        const failed = Number(counted.failed);
        if (failed > 0 && options.maxFailedShare < 1) {
          // The total only when it can matter; a job's steps are all made with it, so it cannot change.
          const { n } = await trx
            .selectFrom('job_steps')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('job_id', '=', jobId)
            .executeTakeFirstOrThrow();
          if (failedShareOver(failed, Number(n), options)) return { ...none, passedFailLimit: true };
        }
        const free = Math.min(max, options.concurrency - running);
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
            // The page's online candidates claimed in one statement (an UPDATE per step held SQLite's one
            // connection, and the event loop, a hundred times per batch); a step that stopped being pending
            // meanwhile is not returned, and the next candidates take its place.
            for (let i = 0; i < page.length && claimed.length < free;) {
              const take: number[] = [];
              for (; i < page.length && take.length < free - claimed.length; i++) {
                const candidate = page[i]!;
                after = candidate.id;
                if (isOnline(candidate.device_id)) take.push(candidate.id);
                else if (state === 'queued') offline.push(candidate.id);
              }
              if (!take.length) continue;
              const rows = await trx
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
                .where('id', 'in', take)
                .where('state', 'in', PENDING)
                .returningAll()
                .execute();
              rows.sort((x, y) => x.id - y.id);
              for (const row of rows)
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
     * The ends of many steps, each with its last progress and note, in a statement per few hundred steps
     * (lib/batch-update.ts): a fleet-wide job's steps end hundreds a second, and an UPDATE per step was the
     * biggest part of the console's database time while one ran. Each row is written only while its step
     * still runs under `owner`'s lease, as one step's end always was; returns the ids written, so the steps
     * whose lease `owner` lost are those missing.
     */
    async finishMany(owner: string, ends: readonly StepEnd[]): Promise<number[]> {
      if (!ends.length) return [];
      const written = await updateMany(
        db,
        'job_steps',
        { name: 'id', type: 'integer' },
        END_COLUMNS,
        ends.map(endRow),
        {
          where: sql`${sql.ref('job_steps.state')} = 'running' and ${sql.ref('job_steps.lease_owner')} = ${owner}`,
        },
      );
      return written.map(Number);
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
