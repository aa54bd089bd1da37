/**
 * Test support for jobs: a kind that runs a real simulator RPC (getInfo, or ping with progress) and records
 * every run it starts, so tests can check that each step ran exactly once.
 */
import fs from 'node:fs';
import { z } from 'zod';
import type { JobDetail } from '@edge/protocol';
import type { Dialect } from '../db/schema.ts';
import type { JobKind } from '../jobs/kinds.ts';
import type { JobService } from '../jobs/service.ts';
import { waitFor } from './devices.ts';
import { fleetSuite } from './fleetSuite.ts';

export const PROBE_KIND = 'test.probe';

export const probeParams = z.object({
  /** 0: one getInfo round trip; n: ping 127.0.0.1 n times, half a second apart, with progress. */
  pings: z.number().int().min(0).max(20).default(0),
});

export interface ProbeRecorder {
  /** Device id -> runs started. */
  runs: Map<string, number>;
  /** Devices whose steps this kind judges failed (the RPC still runs): re-run tests clear it. */
  failing: Set<string>;
}

export function probeKind(
  recorder: ProbeRecorder,
  record?: (deviceId: string) => void,
): JobKind<z.infer<typeof probeParams>> {
  return {
    name: PROBE_KIND,
    params: probeParams,
    idempotent: false,
    async run({ deviceId, params, call }) {
      recorder.runs.set(deviceId, (recorder.runs.get(deviceId) ?? 0) + 1);
      record?.(deviceId);
      let result: unknown;
      if (params.pings) {
        const ping = await call(
          'ping',
          { target: '127.0.0.1', count: params.pings, interval: 0.5 },
          { deadlineMs: 30_000 },
        );
        // Whatever came back: a simulated link loses packets by design (a weak cellular signal can lose
        // every one of a few), and what the probe stands for is the RPC's round trip, not the link.
        result = { received: ping.received };
      } else {
        result = { serial: (await call('getInfo', {})).serial };
      }
      return recorder.failing.has(deviceId)
        ? { ok: false, reason: 'marked failing', result }
        : { ok: true, result };
    },
  };
}

export const newRecorder = (): ProbeRecorder => ({ runs: new Map(), failing: new Set() });

/** A kind recording each run as a line of `file`, before the RPC: what a process killed mid-step leaves. */
export const fileRecordedProbe = (file: string): JobKind<z.infer<typeof probeParams>> =>
  probeKind(newRecorder(), (deviceId) => fs.appendFileSync(file, `${deviceId}\n`));

export const jobFinished = (jobs: JobService, id: number, timeoutMs = 40_000): Promise<JobDetail> =>
  waitFor(
    async () => {
      const detail = await jobs.get(id);
      return detail.job.finishedAt !== null && detail;
    },
    `job ${id} to finish`,
    timeoutMs,
  );

/**
 * The fleet the jobs tests run on (fleetSuite.ts) with the probe kind registered with `recorder`: `create`
 * makes a probe job over every device; `explain` says what went wrong when an expectation on a job fails.
 */
export function probeFleet(dialect: Dialect, options: { count: number; control?: boolean }) {
  const recorder = newRecorder();
  const suite = fleetSuite(dialect, options, (edge) => edge.jobs.kinds.register(probeKind(recorder)));
  return Object.assign(suite, {
    recorder,
    create: (jobOptions: object, params: object = {}) =>
      suite.edge.jobs.create({
        kind: PROBE_KIND,
        title: 'probe',
        params,
        deviceIds: suite.ids,
        options: jobOptions,
        createdBy: 'operator',
        createdByName: 'admin',
      }),
    explain: explainJob,
  });
}

/** What went wrong in a job, for a failed expectation's message: each step that did not succeed. */
export const explainJob = (detail: JobDetail) =>
  JSON.stringify(
    detail.steps
      .filter((s) => s.state !== 'succeeded')
      .map((s) => [s.deviceId, s.state, s.reason, (s.startedAt ?? 0) - detail.job.createdAt]),
  );
