/**
 * Device jobs as the API returns them: long device work fanned out to devices, one step per device
 * (ARCHITECTURE, "The second half": Jobs). Later modules (diagnose, backups, upgrades, rollouts) are kinds.
 */
import { z } from 'zod';

export const jobCreators = ['operator', 'schedule', 'system'] as const;
export type JobCreator = (typeof jobCreators)[number];

/**
 * queued: not started; waiting: the device is offline, runs when it comes back before the deadline;
 * running: claimed by a console, progress 0-100; interrupted: its console died while it ran and the kind
 * is not safe to run again.
 */
export const stepStates = [
  'queued',
  'waiting',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'interrupted',
] as const;
export type StepState = (typeof stepStates)[number];

/** A step in one of these states is done: nothing runs it again unless the job is re-run. */
export const FINISHED_STEP_STATES: readonly StepState[] = [
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'interrupted',
];

/**
 * stopped: halted by the stop rule or because the canary wave did not succeed; paused: an operator paused
 * it, no new step starts (running ones finish) until it is resumed.
 */
export const jobStates = ['running', 'paused', 'succeeded', 'failed', 'cancelled', 'stopped'] as const;
export type JobState = (typeof jobStates)[number];

export const jobOptions = z.object({
  /** Steps of this job running at once, across every console replica. */
  concurrency: z.number().int().min(1).max(10_000).default(10),
  /** Share of the devices run first (the canary wave); the rest start once every canary step succeeded. 0: no canary. */
  canaryShare: z.number().min(0).max(1).default(0),
  /** Halt the remaining steps once the failed share of all steps passes this. 1: never. */
  maxFailedShare: z.number().min(0).max(1).default(1),
  /** How long the job may take, ms: steps of devices still offline then expire. */
  deadlineMs: z
    .number()
    .int()
    .min(1000)
    .max(30 * 24 * 3600_000)
    .default(3600_000),
});
export type JobOptions = z.infer<typeof jobOptions>;

export const stepCounts = z.object(
  Object.fromEntries(stepStates.map((s) => [s, z.number().int().nonnegative()])) as Record<
    StepState,
    z.ZodNumber
  >,
);
export type StepCounts = z.infer<typeof stepCounts>;

export const jobView = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  params: z.unknown(),
  createdBy: z.enum(jobCreators),
  /** The user's name, or the schedule's. */
  createdByName: z.string(),
  state: z.enum(jobStates),
  counts: stepCounts,
  options: jobOptions,
  /** Epoch ms by which the job ends; waiting steps expire then. */
  deadlineAt: z.number(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  /** When it was paused; null while it is not. */
  pausedAt: z.number().nullable(),
});
export type JobView = z.infer<typeof jobView>;

export const stepView = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  state: z.enum(stepStates),
  /** 0 = canary wave, 1 = the rest. */
  wave: z.number().int(),
  progress: z.number().min(0).max(100),
  note: z.string().nullable(),
  /** Why it failed, expired, was cancelled or interrupted. */
  reason: z.string().nullable(),
  result: z.unknown(),
  attempts: z.number().int().nonnegative(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type StepView = z.infer<typeof stepView>;

export const jobListQuery = z.object({
  state: z.enum(jobStates).optional(),
  kind: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type JobListQuery = z.infer<typeof jobListQuery>;

export const jobListResponse = z.object({ list: z.array(jobView), total: z.number().int() });
export const jobIdQuery = z.object({ id: z.coerce.number().int().min(1) });
export const jobIdRequest = z.object({ id: z.number().int().min(1) });
export const jobDetail = z.object({ job: jobView, steps: z.array(stepView) });
export type JobDetail = z.infer<typeof jobDetail>;
