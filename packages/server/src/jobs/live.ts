/**
 * Jobs as a live channel (protocol LIVE_CHANNELS.jobs, key: a job id): the job and its steps on subscribe,
 * with the output lines its running steps streamed so far, then every change this console makes to them,
 * each step's output line included, in order. Who may read a
 * key: whoever may read the job's kind (a Diagnose test needs Diagnose, other kinds Inventory view).
 */
import { LIVE_CHANNELS, allows, type LiveJob } from '@edge/protocol';
import type { LiveHub } from '../live/hub.ts';
import type { JobService } from './service.ts';

const jobIdOf = (key: string): number | undefined => {
  const id = Number(key);
  return /^[1-9]\d{0,15}$/.test(key) && Number.isSafeInteger(id) ? id : undefined;
};

export function jobsChannel(deps: { hub: LiveHub; jobs: JobService }): () => void {
  const { jobs } = deps;
  const feed = deps.hub.register({
    name: LIVE_CHANNELS.jobs,
    // Per key the job's kind decides (refuseKey); the caller must be able to read some kind.
    need: [],
    mayReadSome: (identity) => jobs.viewPermissions().some((need) => allows(identity.permissions, need)),
    async refuseKey(key, identity) {
      const id = jobIdOf(key);
      const job = id === undefined ? undefined : await jobs.view(id);
      if (!job) return 'notFound';
      return allows(identity.permissions, jobs.viewPermission(job.kind)) ? null : 'forbidden';
    },
    async snapshot(key): Promise<LiveJob | undefined> {
      const id = jobIdOf(key);
      const detail = id === undefined ? undefined : await jobs.get(id).catch(() => undefined);
      return detail && { ...detail, lines: jobs.linesOf(detail.steps.map((s) => s.id)) };
    },
  });
  return jobs.onChange((change) => {
    if (change.type === 'job') {
      const key = String(change.job.id);
      if (feed.watched(key)) feed.push(key, { job: change.job, steps: [] } satisfies LiveJob);
    } else {
      const key = String(change.jobId);
      if (feed.watched(key)) feed.push(key, { steps: [change.step] } satisfies LiveJob);
    }
  });
}
