/** The jobs and job_steps rows as the jobs feature sees them, and the lock that orders changes to one job. */
import type { Selectable, Transaction } from 'kysely';
import {
  jobOptions,
  stepStates,
  type JobCreator,
  type JobOptions,
  type JobState,
  type JobView,
  type StepCounts,
  type StepState,
  type StepView,
} from '@edge/protocol';
import type { Database, Dialect } from '../db/schema.ts';
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
  /** The step as claimed: the runner announces it and its progress from this, without reading it again. */
  view: StepView;
}

export const UNFINISHED: StepState[] = ['queued', 'waiting', 'running'];
export const PENDING: StepState[] = ['queued', 'waiting'];

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export function toJobRow(row: Selectable<JobsTable>): JobRow {
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

export const emptyCounts = (): StepCounts => Object.fromEntries(stepStates.map((s) => [s, 0])) as StepCounts;

/** The stop rule: more than the allowed share of the job's steps failed. */
export function passedFailLimit(counts: StepCounts, options: JobOptions): boolean {
  return failedShareOver(
    counts.failed,
    Object.values(counts).reduce((a, b) => a + b, 0),
    options,
  );
}

/** The stop rule on the failed steps and all the job's steps. */
export const failedShareOver = (failed: number, total: number, options: JobOptions): boolean =>
  total > 0 && failed / total > options.maxFailedShare;

export function toJobView(row: Selectable<JobsTable>, stepCounts: StepCounts): JobView {
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
    pausedAt: row.paused_at === null ? null : Number(row.paused_at),
  };
}

/** Locks the job's row for the rest of the transaction (PostgreSQL); SQLite runs one writer at a time anyway. */
export function jobLock(dialect: Dialect) {
  return (trx: Transaction<Database>, jobId: number) => {
    const query = trx.selectFrom('jobs').selectAll().where('id', '=', jobId);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  };
}

export type JobLock = ReturnType<typeof jobLock>;
