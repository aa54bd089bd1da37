/** Creating jobs with their steps, and reading jobs and steps back. */
import type { Transaction } from 'kysely';
import type { JobListQuery, JobView, StepCounts, StepState, StepView } from '@edge/protocol';
import type { Database, Db } from '../db/schema.ts';
import { emptyCounts, toJobRow, toJobView, toStepView, type JobRow, type NewJob } from './rows.ts';
import { inTransaction } from '../db/transaction.ts';

export function jobRecords(db: Db) {
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
      return trx === db ? inTransaction(db, insert) : insert(trx);
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
  };
}
