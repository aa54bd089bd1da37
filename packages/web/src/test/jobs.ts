/** Test data: a job as the console shows it (jobs/list, the live jobs channel), in a given state. */
import { stepStates, type JobState, type JobView, type StepCounts } from '@edge/protocol';

type JobChanges = Partial<Omit<JobView, 'counts'>> & { counts?: Partial<StepCounts> };

/** A job with no steps counted but those given, one at a time, no deadline pressure, not paused. */
export function jobView(state: JobState, { counts, ...changes }: JobChanges = {}): JobView {
  return {
    id: 1,
    kind: 'profiles.apply',
    title: 'Job',
    params: {},
    createdBy: 'operator',
    createdByName: 'admin',
    state,
    counts: {
      ...(Object.fromEntries(stepStates.map((s) => [s, 0])) as StepCounts),
      ...counts,
    },
    options: { concurrency: 1, canaryShare: 0, maxFailedShare: 1, deadlineMs: 3600_000 },
    deadlineAt: 10,
    createdAt: 1,
    finishedAt: null,
    pausedAt: null,
    ...changes,
  };
}
