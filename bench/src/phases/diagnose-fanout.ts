/**
 * Diagnose fanned out to the whole fleet (issue 15): one ping job over every device (POST diagnose/run with
 * the bench fleet's group), measured as every fleet-wide job is (job-under-load.ts).
 */
import type { JobUnderLoadFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { benchGroupId, measureJobUnderLoad } from './job-under-load.ts';

/** A ping as an operator would ask for it: four echoes a second apart, to an address no one answers from. */
const PING = { target: '192.0.2.1', count: 4, interval: 1 };

export const measureDiagnoseFanout = (ctx: RunContext): Promise<JobUnderLoadFigure> =>
  measureJobUnderLoad(ctx, {
    label: 'diagnose ping',
    kind: 'diagnose.ping',
    async start(operator) {
      const started = await operator.post('/api/v1/diagnose/run', {
        test: 'ping',
        params: PING,
        groupId: await benchGroupId(operator),
      });
      if (started.status !== 200) throw new Error(`diagnose/run: HTTP ${started.status} ${started.body}`);
      return (JSON.parse(started.body) as { job: { id: number } }).job.id;
    },
  });
