/**
 * Jobs over a real simulated fleet of 50 devices: offline devices wait and run when they come back before
 * the deadline (and expire after it), progress from the device, cancel half-way, re-run of the failed
 * steps, the stop rule and the canary wave, and the read/act API.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { fleetSerial, type JobDetail, type StepState } from '@edge/protocol';
import { DIALECTS } from '../testing/harness.ts';
import { waitFor } from '../testing/devices.ts';
import { PROBE_KIND, jobFinished, probeFleet } from '../testing/jobs.ts';
import type { JobChange } from './changes.ts';

const COUNT = 50;

describe.each(DIALECTS)('jobs over a simulated fleet (%s)', (dialect) => {
  const probe = probeFleet(dialect, { count: COUNT, control: true });
  const { prefix, recorder, create, explain } = probe;
  const seen: JobChange[] = [];
  beforeAll(() => {
    probe.edge.jobs.onChange((change) => seen.push(change));
  });

  const idOf = (n: number) => probe.edge.devices.list().find((d) => d.serial === fleetSerial(prefix, n))!.id;
  const allOnline = () =>
    waitFor(() => probe.edge.devices.counts().numOnline === COUNT, `${COUNT} devices online`, 30_000);
  const stateOf = (detail: JobDetail, deviceId: string) =>
    detail.steps.find((s) => s.deviceId === deviceId)!.state;
  const count = (detail: JobDetail, state: StepState) => detail.steps.filter((s) => s.state === state).length;

  test('steps of offline devices wait, run when the device is back before the deadline, expire after it', async () => {
    recorder.runs.clear();
    const back = [1, 2, 3].map(idOf);
    const late = [4, 5].map(idOf);
    for (const n of [1, 2, 3]) probe.fleet.process.stdin!.write(`drop ${fleetSerial(prefix, n)} 3000\n`);
    for (const n of [4, 5]) probe.fleet.process.stdin!.write(`drop ${fleetSerial(prefix, n)} 20000\n`);
    await waitFor(
      () => [...back, ...late].every((id) => !probe.edge.devices.get(id)!.online),
      'five devices offline',
    );
    const id = await create({ concurrency: COUNT, deadlineMs: 12_000 });
    const done = await jobFinished(probe.edge.jobs, id);

    expect(done.job.state).toBe('failed');
    expect(done.job.counts, explain(done)).toMatchObject({
      succeeded: 48,
      expired: 2,
      queued: 0,
      waiting: 0,
      running: 0,
    });
    for (const deviceId of back) expect(stateOf(done, deviceId)).toBe('succeeded');
    for (const deviceId of late) {
      expect(stateOf(done, deviceId)).toBe('expired');
      expect(recorder.runs.get(deviceId)).toBeUndefined();
    }
    // They waited first: the step changes this console announced show it.
    const waited = new Set(
      seen.flatMap((c) =>
        c.type === 'step' && c.jobId === id && c.step.state === 'waiting' ? [c.step.deviceId] : [],
      ),
    );
    expect([...waited].sort()).toEqual([...back, ...late].sort());
    for (const deviceId of probe.ids.filter((d) => !late.includes(d)))
      expect(recorder.runs.get(deviceId)).toBe(1);
    await allOnline();
  }, 90_000);

  test('device progress reaches the step; cancel half-way stops the pending steps, the running finish', async () => {
    recorder.runs.clear();
    const id = await create({ concurrency: 5 }, { pings: 3 });
    await waitFor(
      async () => (await probe.edge.jobs.get(id)).job.counts.succeeded >= 10,
      'ten steps done',
      30_000,
    );
    const res = await probe.edge.app.inject({
      method: 'POST',
      url: '/api/v1/jobs/cancel',
      headers: probe.session.headers(),
      payload: { id },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as JobDetail).job.state).toBe('cancelled');
    const done = await jobFinished(probe.edge.jobs, id);
    expect(done.job.state).toBe('cancelled');
    const succeeded = count(done, 'succeeded');
    // A step that started may still fail on its own (a ping the loaded simulator did not answer in time).
    const ran = succeeded + count(done, 'failed');
    expect(succeeded).toBeGreaterThanOrEqual(10);
    expect(ran).toBeLessThan(25);
    expect(ran + count(done, 'cancelled'), explain(done)).toBe(COUNT);
    // Nothing started after the cancel: exactly the devices whose steps ended by running, once each.
    expect([...recorder.runs.values()].every((n) => n === 1)).toBe(true);
    expect(recorder.runs.size).toBe(ran);
    const progress = seen.flatMap((c) =>
      c.type === 'step' && c.jobId === id && c.step.state === 'running' ? [c.step.progress] : [],
    );
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
  }, 60_000);

  test('re-run runs the failed steps again as a new attempt, through the API', async () => {
    recorder.runs.clear();
    const failing = probe.ids.slice(10, 15);
    for (const id of failing) recorder.failing.add(id);
    const id = await create({ concurrency: 25 });
    const first = await jobFinished(probe.edge.jobs, id);
    expect(first.job.state).toBe('failed');
    expect(first.job.counts).toMatchObject({ succeeded: 45, failed: 5 });
    expect(first.steps.filter((s) => s.state === 'failed').map((s) => s.reason)).toEqual(
      Array(5).fill('marked failing'),
    );

    recorder.failing.clear();
    const res = await probe.edge.app.inject({
      method: 'POST',
      url: '/api/v1/jobs/rerun',
      headers: probe.session.headers(),
      payload: { id },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as JobDetail).job.state).toBe('running');
    const done = await jobFinished(probe.edge.jobs, id);
    expect(done.job.state).toBe('succeeded');
    expect(done.job.counts.succeeded).toBe(COUNT);
    for (const step of done.steps) {
      const twice = failing.includes(step.deviceId);
      expect(step.attempts).toBe(twice ? 2 : 1);
      expect(recorder.runs.get(step.deviceId)).toBe(twice ? 2 : 1);
    }

    const got = await probe.edge.app.inject({
      url: `/api/v1/jobs/get?id=${id}`,
      headers: probe.session.headers(false),
    });
    expect(got.statusCode).toBe(200);
    expect((got.json() as JobDetail).steps).toHaveLength(COUNT);
    const list = await probe.edge.app.inject({
      url: '/api/v1/jobs/list?limit=2',
      headers: probe.session.headers(false),
    });
    expect(list.json()).toMatchObject({ list: [{ id, state: 'succeeded', kind: PROBE_KIND }, {}] });
    const missing = await probe.edge.app.inject({
      url: '/api/v1/jobs/get?id=999999',
      headers: probe.session.headers(false),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ err_code: 'notFound' });
    const bad = await probe.edge.app.inject({
      method: 'POST',
      url: '/api/v1/jobs/rerun',
      headers: probe.session.headers(),
      payload: { id: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    // The re-run of a job without failed steps changes nothing.
    const again = await probe.edge.app.inject({
      method: 'POST',
      url: '/api/v1/jobs/rerun',
      headers: probe.session.headers(),
      payload: { id },
    });
    expect((again.json() as JobDetail).job).toMatchObject({
      state: 'succeeded',
      finishedAt: done.job.finishedAt,
    });
  }, 60_000);

  test('the canary wave runs first; a failed canary or the stop rule halts the rest', async () => {
    recorder.runs.clear();
    const good = await jobFinished(probe.edge.jobs, await create({ concurrency: 10, canaryShare: 0.1 }));
    expect(good.job.state).toBe('succeeded');
    const canaryEnd = Math.max(...good.steps.filter((s) => s.wave === 0).map((s) => s.finishedAt!));
    expect(good.steps.filter((s) => s.wave === 0)).toHaveLength(5);
    expect(good.steps.filter((s) => s.wave === 1).every((s) => s.startedAt! >= canaryEnd)).toBe(true);

    recorder.runs.clear();
    recorder.failing.add(probe.ids[0]!);
    const canaryFailed = await jobFinished(
      probe.edge.jobs,
      await create({ concurrency: 10, canaryShare: 0.1 }),
    );
    expect(canaryFailed.job.state).toBe('stopped');
    expect(canaryFailed.job.counts).toMatchObject({ succeeded: 4, failed: 1, cancelled: 45 });
    expect([...recorder.runs.keys()].sort()).toEqual(probe.ids.slice(0, 5).sort());

    recorder.runs.clear();
    recorder.failing.clear();
    for (const id of probe.ids.slice(0, 20)) recorder.failing.add(id);
    const stopped = await jobFinished(
      probe.edge.jobs,
      await create({ concurrency: 2, maxFailedShare: 0.05 }),
    );
    recorder.failing.clear();
    expect(stopped.job.state).toBe('stopped');
    // 3 of 50 passes 5 %. No claim is made past it, so only the (at most two) steps running at the last
    // claim, made with 2 failed, may fail after it.
    expect(stopped.job.counts.failed).toBeGreaterThanOrEqual(3);
    expect(stopped.job.counts.failed).toBeLessThanOrEqual(4);
    expect(stopped.job.counts.cancelled).toBe(COUNT - stopped.job.counts.failed);
    expect(stopped.steps.find((s) => s.state === 'cancelled')?.reason).toMatch(/failed steps/);
  }, 60_000);
});
