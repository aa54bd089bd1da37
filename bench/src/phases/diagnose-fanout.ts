/**
 * Diagnose fanned out to the whole fleet (issue 15): one ping job over every device (POST diagnose/run with
 * the bench fleet's group), measured as every fan-out is (job-fanout.ts).
 */
import type { JobFanoutFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { measureJobFanout } from './job-fanout.ts';

/** A ping as an operator would ask for it: four echoes a second apart, to an address no one answers from. */
const PING = { target: '192.0.2.1', count: 4, interval: 1 };

export const measureDiagnoseFanout = (ctx: RunContext): Promise<JobFanoutFigure> =>
  measureJobFanout(ctx, {
    label: 'diagnose ping',
    kind: 'diagnose.ping',
    start: (api, groupId) => api.post('/api/v1/diagnose/run', { test: 'ping', params: PING, groupId }),
  });
