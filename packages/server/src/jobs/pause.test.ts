/**
 * Pause and resume of a job over a simulated fleet, on SQLite and PostgreSQL: a paused job claims no new
 * step while the running ones finish, stays unfinished, and when resumed goes on with its deadline moved on
 * by the pause, each device run once; a paused job can be cancelled; a rollout is paused and resumed through
 * Profile Management's own endpoints (the jobs seam's pause).
 */
import { describe, expect, test } from 'vitest';
import { PROFILES_API, type JobDetail } from '@edge/protocol';
import { DIALECTS } from '../testing/harness.ts';
import { waitFor } from '../testing/devices.ts';
import { jobFinished, probeFleet } from '../testing/jobs.ts';

const COUNT = 12;

describe.each(DIALECTS)('pause and resume of a job (%s)', (dialect) => {
  const probe = probeFleet(dialect, { count: COUNT });
  const { recorder, create, explain } = probe;
  const deadlineOf = async (id: number) =>
    (
      await probe.edge.store.db
        .selectFrom('jobs')
        .select('deadline_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).deadline_at;

  test('pause: no new step starts, the running ones finish; resume goes on, the deadline moved on', async () => {
    recorder.runs.clear();
    const act = (action: 'pause' | 'resume' | 'cancel', id: number) =>
      probe.edge.app.inject({
        method: 'POST',
        url: `/api/v1/jobs/${action}`,
        headers: probe.session.headers(),
        payload: { id },
      });
    const id = await create({ concurrency: 2 }, { pings: 2 });
    await waitFor(
      async () => (await probe.edge.jobs.get(id)).job.counts.succeeded >= 2,
      'two steps done',
      30_000,
    );
    const before = await deadlineOf(id);
    const paused = await act('pause', id);
    expect(paused.statusCode, paused.body).toBe(200);
    expect((paused.json() as JobDetail).job).toMatchObject({ state: 'paused', pausedAt: expect.any(Number) });
    // The steps running at the pause finish and report; then nothing more starts.
    const settled = await waitFor(
      async () => {
        const detail = await probe.edge.jobs.get(id);
        return detail.job.counts.running === 0 && detail;
      },
      'the running steps finished',
      30_000,
    );
    expect(settled.job.state).toBe('paused');
    const ran = recorder.runs.size;
    expect(ran).toBeLessThan(COUNT);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const still = await probe.edge.jobs.get(id);
    expect(recorder.runs.size).toBe(ran);
    expect(still.job.counts.queued + still.job.counts.waiting).toBe(COUNT - ran);
    expect(still.job.finishedAt).toBeNull();
    // Pausing again or resuming a job that is not paused changes nothing.
    expect(((await act('pause', id)).json() as JobDetail).job.state).toBe('paused');

    const resumed = await act('resume', id);
    expect(resumed.statusCode).toBe(200);
    expect((resumed.json() as JobDetail).job).toMatchObject({ state: 'running', pausedAt: null });
    const after = await deadlineOf(id);
    expect(Number(after) - Number(before)).toBeGreaterThanOrEqual(3000);
    const done = await jobFinished(probe.edge.jobs, id);
    expect(done.job.state, explain(done)).toBe('succeeded');
    expect(recorder.runs.size).toBe(COUNT);
    expect([...recorder.runs.values()].every((n) => n === 1)).toBe(true);
    expect(((await act('resume', id)).json() as JobDetail).job.state).toBe('succeeded');

    // A paused job can be cancelled: its waiting steps are cancelled, it ends.
    const other = await create({ concurrency: 1 });
    await act('pause', other);
    const cancelled = await act('cancel', other);
    expect((cancelled.json() as JobDetail).job.state).toBe('cancelled');
    const ended = await jobFinished(probe.edge.jobs, other);
    expect(ended.job.state).toBe('cancelled');
    expect(ended.job.pausedAt).toBeNull();
    expect((await act('pause', 999_999)).statusCode).toBe(404);
  }, 90_000);

  test('a rollout is paused and resumed through Profile Management', async () => {
    const { admin } = probe;
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
      deviceIds: probe.ids,
      canaryShare: 0,
      concurrency: 1,
    });
    const jobId = started.json().jobId as number;
    const paused = await admin('POST', `${PROFILES_API}/pause`, { id: jobId });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((paused.json() as JobDetail).job.state).toBe('paused');
    await waitFor(
      async () => (await probe.edge.jobs.get(jobId)).job.counts.running === 0,
      'the running step done',
      60_000,
    );
    const held = (await probe.edge.jobs.get(jobId)).job.counts;
    expect(held.queued + held.waiting).toBeGreaterThan(0);
    // Only rollouts: another kind's job is not paused here.
    const probeJob = await create({ concurrency: 1 });
    expect((await admin('POST', `${PROFILES_API}/pause`, { id: probeJob })).statusCode).toBe(404);
    await jobFinished(probe.edge.jobs, probeJob, 60_000);
    const resumed = await admin('POST', `${PROFILES_API}/resume`, { id: jobId });
    expect((resumed.json() as JobDetail).job.state).toBe('running');
    const done = await jobFinished(probe.edge.jobs, jobId, 120_000);
    expect(done.job.state, explain(done)).toBe('succeeded');
    expect(done.job.counts.succeeded).toBe(COUNT);
  }, 180_000);
});
