/**
 * Pause and resume of a job over a simulated fleet, on SQLite and PostgreSQL: a paused job claims no new
 * step while the running ones finish, stays unfinished, and when resumed goes on with its deadline moved on
 * by the pause, each device run once; a paused job can be cancelled; a rollout is paused and resumed through
 * Profile Management's own endpoints (the jobs seam's pause).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROFILES_API, fleetSerial, type JobDetail } from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { caller } from '../testing/accounts.ts';
import { PROBE_KIND, jobFinished, newRecorder, probeKind } from '../testing/jobs.ts';

const COUNT = 12;

describe.each(DIALECTS)('pause and resume of a job (%s)', (dialect) => {
  const prefix = uniquePrefix();
  const recorder = newRecorder();
  let edge: TestConsole;
  let fleet: Child;
  let session: Awaited<ReturnType<typeof startConsoleWithFleet>>['session'];
  let ids: string[];

  const create = (options: object, params: object = {}) =>
    edge.jobs.create({
      kind: PROBE_KIND,
      title: 'probe',
      params,
      deviceIds: ids,
      options,
      createdBy: 'operator',
      createdByName: 'admin',
    });
  const explain = (detail: JobDetail) =>
    JSON.stringify(detail.steps.filter((s) => s.state !== 'succeeded').map((s) => [s.state, s.reason]));

  beforeAll(async () => {
    ({ edge, session, fleet } = await startConsoleWithFleet(dialect, { count: COUNT, prefix }));
    edge.jobs.kinds.register(probeKind(recorder));
    ids = Array.from(
      { length: COUNT },
      (_, i) => edge.devices.list().find((d) => d.serial === fleetSerial(prefix, i + 1))!.id,
    );
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('pause: no new step starts, the running ones finish; resume goes on, the deadline moved on', async () => {
    recorder.runs.clear();
    const act = (action: 'pause' | 'resume' | 'cancel', id: number) =>
      edge.app.inject({
        method: 'POST',
        url: `/api/v1/jobs/${action}`,
        headers: session.headers(),
        payload: { id },
      });
    const id = await create({ concurrency: 2 }, { pings: 2 });
    await waitFor(async () => (await edge.jobs.get(id)).job.counts.succeeded >= 2, 'two steps done', 30_000);
    const before = (
      await edge.store.db
        .selectFrom('jobs')
        .select('deadline_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).deadline_at;
    const paused = await act('pause', id);
    expect(paused.statusCode, paused.body).toBe(200);
    expect((paused.json() as JobDetail).job).toMatchObject({ state: 'paused', pausedAt: expect.any(Number) });
    // The steps running at the pause finish and report; then nothing more starts.
    const settled = await waitFor(
      async () => {
        const detail = await edge.jobs.get(id);
        return detail.job.counts.running === 0 && detail;
      },
      'the running steps finished',
      30_000,
    );
    expect(settled.job.state).toBe('paused');
    const ran = recorder.runs.size;
    expect(ran).toBeLessThan(COUNT);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const still = await edge.jobs.get(id);
    expect(recorder.runs.size).toBe(ran);
    expect(still.job.counts.queued + still.job.counts.waiting).toBe(COUNT - ran);
    expect(still.job.finishedAt).toBeNull();
    // Pausing again or resuming a job that is not paused changes nothing.
    expect(((await act('pause', id)).json() as JobDetail).job.state).toBe('paused');

    const resumed = await act('resume', id);
    expect(resumed.statusCode).toBe(200);
    expect((resumed.json() as JobDetail).job).toMatchObject({ state: 'running', pausedAt: null });
    const after = (
      await edge.store.db
        .selectFrom('jobs')
        .select('deadline_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).deadline_at;
    expect(Number(after) - Number(before)).toBeGreaterThanOrEqual(3000);
    const done = await jobFinished(edge.jobs, id);
    expect(done.job.state, explain(done)).toBe('succeeded');
    expect(recorder.runs.size).toBe(COUNT);
    expect([...recorder.runs.values()].every((n) => n === 1)).toBe(true);
    expect(((await act('resume', id)).json() as JobDetail).job.state).toBe('succeeded');

    // A paused job can be cancelled: its waiting steps are cancelled, it ends.
    const other = await create({ concurrency: 1 });
    await act('pause', other);
    const cancelled = await act('cancel', other);
    expect((cancelled.json() as JobDetail).job.state).toBe('cancelled');
    const ended = await jobFinished(edge.jobs, other);
    expect(ended.job.state).toBe('cancelled');
    expect(ended.job.pausedAt).toBeNull();
    expect((await act('pause', 999_999)).statusCode).toBe(404);
  }, 90_000);

  test('a rollout is paused and resumed through Profile Management', async () => {
    const admin = caller(edge, session);
    const made = await admin('POST', `${PROFILES_API}/create`, {
      name: 'Paused firewall',
      kind: 'firewall',
      body: {
        enabled: true,
        whitelist: [],
        rules: [{ port: 22, protocol: 'TCP', action: 'DROP', description: 'SSH' }],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const started = await admin('POST', `${PROFILES_API}/rollout`, {
      id: made.json().profile.id,
      deviceIds: ids,
      canaryShare: 0,
      concurrency: 1,
    });
    const jobId = started.json().jobId as number;
    const paused = await admin('POST', `${PROFILES_API}/pause`, { id: jobId });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((paused.json() as JobDetail).job.state).toBe('paused');
    await waitFor(
      async () => (await edge.jobs.get(jobId)).job.counts.running === 0,
      'the running step done',
      60_000,
    );
    const held = (await edge.jobs.get(jobId)).job.counts;
    expect(held.queued + held.waiting).toBeGreaterThan(0);
    // Only rollouts: another kind's job is not paused here.
    const probe = await create({ concurrency: 1 });
    expect((await admin('POST', `${PROFILES_API}/pause`, { id: probe })).statusCode).toBe(404);
    await jobFinished(edge.jobs, probe, 60_000);
    const resumed = await admin('POST', `${PROFILES_API}/resume`, { id: jobId });
    expect((resumed.json() as JobDetail).job.state).toBe('running');
    const done = await jobFinished(edge.jobs, jobId, 120_000);
    expect(done.job.state, explain(done)).toBe('succeeded');
    expect(done.job.counts.succeeded).toBe(COUNT);
  }, 180_000);
});
