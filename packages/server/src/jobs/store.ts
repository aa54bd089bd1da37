/**
 * Jobs and steps in the database. Every state change of a step is a conditional update (on its state and,
 * while it runs, on its lease owner), so what two consoles race for is decided by the database.
 */
import { sql, type Selectable, type Transaction } from 'kysely';
import {
  FINISHED_STEP_STATES,
  jobOptions,
  stepStates,
  type JobCreator,
  type JobListQuery,
  type JobOptions,
  type JobState,
  type JobView,
  type StepCounts,
  type StepState,
  type StepView,
} from '@edge/protocol';
import type { Database, Db, Dialect } from '../db/schema.ts';
import type { JobsTable, JobStepsTable } from '../db/schema-jobs.ts';

export interface NewJob {
  kind: string;
  title: string;
  params: unknown;
  createdBy: JobCreator;
  createdByName: string;
  options: JobOptions;
  deviceIds: string[];
}

export interface JobRow {
  id: number;
  kind: string;
  params: unknown;
  state: JobState;
  options: JobOptions;
  deadlineAt: number;
}

export interface ClaimedStep {
  id: number;
  jobId: number;
  deviceId: string;
  attempts: number;
}

const UNFINISHED: StepState[] = ['queued', 'waiting', 'running'];
const PENDING: StepState[] = ['queued', 'waiting'];

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

function toJobRow(row: Selectable<JobsTable>): JobRow {
  return {
    id: row.id,
    kind: row.kind,
    params: parse(row.params),
    state: row.state as JobState,
    options: jobOptions.parse(JSON.parse(row.options)),
    deadlineAt: row.deadline_at,
  };
}

export function toStepView(row: Selectable<JobStepsTable>): StepView {
  return {
    id: row.id,
    deviceId: row.device_id,
    state: row.state as StepState,
    wave: row.wave,
    progress: row.progress,
    note: row.note,
    reason: row.reason,
    result: parse(row.result),
    attempts: row.attempts,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
  };
}

const emptyCounts = (): StepCounts => Object.fromEntries(stepStates.map((s) => [s, 0])) as StepCounts;

export function jobStore(db: Db, dialect: Dialect) {
  /** Locks the job's row for the rest of the transaction (PostgreSQL); SQLite runs one writer at a time anyway. */
  const lockJob = (trx: Transaction<Database>, jobId: number) => {
    const query = trx.selectFrom('jobs').selectAll().where('id', '=', jobId);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  };

  async function counts(jobIds: number[]): Promise<Map<number, StepCounts>> {
    const out = new Map<number, StepCounts>();
    for (const id of jobIds) out.set(id, emptyCounts());
    if (!jobIds.length) return out;
    const rows = await db
      .selectFrom('job_steps')
      .select(['job_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('job_id', 'in', jobIds)
      .groupBy(['job_id', 'state'])
      .execute();
    for (const r of rows) out.get(r.job_id)![r.state as StepState] = Number(r.n);
    return out;
  }

  function toJobView(row: Selectable<JobsTable>, stepCounts: StepCounts): JobView {
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      params: parse(row.params),
      createdBy: row.created_by as JobCreator,
      createdByName: row.created_by_name,
      state: row.state as JobState,
      counts: stepCounts,
      options: jobOptions.parse(JSON.parse(row.options)),
      deadlineAt: row.deadline_at,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
    };
  }

  return {
    /** The job and its steps in one transaction; the first `canaryShare` of the devices form wave 0. */
    async create(job: NewJob, now: number, trx: Transaction<Database> | Db = db): Promise<number> {
      const insert = async (t: Transaction<Database> | Db) => {
        const { id } = await t
          .insertInto('jobs')
          .values({
            kind: job.kind,
            title: job.title,
            params: JSON.stringify(job.params ?? null),
            created_by: job.createdBy,
            created_by_name: job.createdByName,
            state: 'running',
            options: JSON.stringify(job.options),
            deadline_at: now + job.options.deadlineMs,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const canary = Math.ceil(job.deviceIds.length * job.options.canaryShare);
        const steps = job.deviceIds.map((deviceId, i) => ({
          job_id: id,
          device_id: deviceId,
          wave: i < canary ? 0 : 1,
          state: 'queued',
          updated_at: now,
        }));
        // Chunks keep PostgreSQL's bind-parameter limit far away for a fleet-wide job.
        for (let i = 0; i < steps.length; i += 1000)
          await t
            .insertInto('job_steps')
            .values(steps.slice(i, i + 1000))
            .execute();
        return id;
      };
      return trx === db ? db.transaction().execute(insert) : insert(trx);
    },

    async job(id: number): Promise<JobRow | undefined> {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toJobRow(row);
    },

    async view(id: number): Promise<JobView | undefined> {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toJobView(row, (await counts([id])).get(id)!);
    },

    async list(query: JobListQuery): Promise<{ list: JobView[]; total: number }> {
      let base = db.selectFrom('jobs');
      if (query.state) base = base.where('state', '=', query.state);
      if (query.kind) base = base.where('kind', '=', query.kind);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      const byJob = await counts(rows.map((r) => r.id));
      return { list: rows.map((r) => toJobView(r, byJob.get(r.id)!)), total: Number(total) };
    },

    async steps(jobId: number): Promise<StepView[]> {
      const rows = await db
        .selectFrom('job_steps')
        .selectAll()
        .where('job_id', '=', jobId)
        .orderBy('id')
        .execute();
      return rows.map(toStepView);
    },

    async step(stepId: number): Promise<{ jobId: number; step: StepView } | undefined> {
      const row = await db.selectFrom('job_steps').selectAll().where('id', '=', stepId).executeTakeFirst();
      return row && { jobId: row.job_id, step: toStepView(row) };
    },

    async counts(jobId: number): Promise<StepCounts> {
      return (await counts([jobId])).get(jobId)!;
    },

    async running(kinds: string[]): Promise<JobRow[]> {
      if (!kinds.length) return [];
      const rows = await db
        .selectFrom('jobs')
        .selectAll()
        .where('state', '=', 'running')
        .where('kind', 'in', kinds)
        .orderBy('id')
        .execute();
      return rows.map(toJobRow);
    },

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
      return db.transaction().execute(async (trx) => {
        const job = await lockJob(trx, jobId);
        if (!job || job.state !== 'running') return [];
        // Read after the lock: a claim that waited for it does not look started before the steps it followed.
        const now = Date.now();
        const { concurrency } = jobOptions.parse(JSON.parse(job.options));
        const { n } = await trx
          .selectFrom('job_steps')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('job_id', '=', jobId)
          .where('state', '=', 'running')
          .executeTakeFirstOrThrow();
        const free = concurrency - Number(n);
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

    /** Pending steps of running jobs past their deadline. Returns the job ids touched. */
    async expire(now: number, reason: string): Promise<number[]> {
      const rows = await db
        .updateTable('job_steps')
        .set({ state: 'expired', reason, finished_at: now, updated_at: now })
        .where('state', 'in', PENDING)
        .where((eb) =>
          eb(
            'job_id',
            'in',
            eb
              .selectFrom('jobs')
              .select('jobs.id')
              .where('jobs.state', '=', 'running')
              .where('jobs.deadline_at', '<', now),
          ),
        )
        .returning('job_id')
        .execute();
      return [...new Set(rows.map((r) => r.job_id))];
    },

    /**
     * Ends a running job early (cancel, stop rule, failed canary): its pending steps are cancelled with
     * `reason`; running ones finish and report. False when the job was not running.
     */
    async halt(jobId: number, state: 'cancelled' | 'stopped', reason: string, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const job = await lockJob(trx, jobId);
        if (!job || job.state !== 'running') return false;
        await trx.updateTable('jobs').set({ state }).where('id', '=', jobId).execute();
        await trx
          .updateTable('job_steps')
          .set({ state: 'cancelled', reason, finished_at: now, updated_at: now })
          .where('job_id', '=', jobId)
          .where('state', 'in', PENDING)
          .execute();
        return true;
      });
    },

    /** Failed steps queued again (a new attempt each); the job runs again with a fresh deadline. */
    async rerun(jobId: number, now: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
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
            .set({ state: 'running', finished_at: null, deadline_at: now + deadlineMs })
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
      return db.transaction().execute(async (trx) => {
        const job = await lockJob(trx, jobId);
        if (!job || job.finished_at !== null) return false;
        const rows = await trx
          .selectFrom('job_steps')
          .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
          .where('job_id', '=', jobId)
          .groupBy('state')
          .execute();
        const by = new Map(rows.map((r) => [r.state, Number(r.n)]));
        const open = (job.state === 'running' ? UNFINISHED : ['running']).some((s) => by.get(s));
        if (open) return false;
        const total = [...by.values()].reduce((a, b) => a + b, 0);
        const state =
          job.state === 'running'
            ? (by.get('succeeded') ?? 0) === total
              ? 'succeeded'
              : 'failed'
            : job.state;
        await trx.updateTable('jobs').set({ state, finished_at: now }).where('id', '=', jobId).execute();
        return true;
      });
    },
  };
}

export type JobStore = ReturnType<typeof jobStore>;
