/**
 * A policy profile rolled out to the whole fleet (issue 16): a firewall profile (a port rule whose
 * description carries each device's serial, so every device gets its own document) applied to the bench
 * fleet's group with a 1 % canary, then the rest 1,000 devices at a time, each through the console's
 * desired-config path. Timed from the request until every device settled, with inventory/list meanwhile.
 */
import { PROFILE_APPLY_JOB_KIND, PROFILES_API, placeholderOf } from '@edge/protocol';
import type { JobUnderLoadFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { benchGroupId, measureJobUnderLoad } from './job-under-load.ts';

const PROFILE = {
  name: `Bench firewall ${Date.now().toString(36)}`,
  kind: 'firewall',
  body: {
    enabled: true,
    whitelist: [],
    rules: [
      { port: 22, protocol: 'TCP', action: 'DROP', description: 'SSH' },
      { port: 8443, protocol: 'TCP', action: 'ACCEPT', description: `bench ${placeholderOf('serial')}` },
    ],
  },
};

export const measureProfileRollout = (ctx: RunContext): Promise<JobUnderLoadFigure> =>
  measureJobUnderLoad(ctx, {
    label: 'profile rollout',
    kind: PROFILE_APPLY_JOB_KIND,
    async start(operator) {
      const made = await operator.post(`${PROFILES_API}/create`, PROFILE);
      if (made.status !== 200) throw new Error(`profile/create: HTTP ${made.status} ${made.body}`);
      const id = (JSON.parse(made.body) as { profile: { id: number } }).profile.id;
      const started = await operator.post(`${PROFILES_API}/rollout`, {
        id,
        groupId: await benchGroupId(operator),
        canaryShare: 0.01,
        maxFailedShare: 0.05,
        concurrency: 1000,
      });
      if (started.status !== 200) throw new Error(`profile/rollout: HTTP ${started.status} ${started.body}`);
      return (JSON.parse(started.body) as { jobId: number }).jobId;
    },
  });
