/**
 * Two consoles on one PostgreSQL database and one broker (MQTT_URL), both able to reach every device: each
 * job step and each scheduled occurrence runs exactly once, and the job's concurrency limit holds across
 * both. PostgreSQL only: SQLite is the single-replica store.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deviceTopic, fleetSerial } from '@edge/protocol';
import { startTestConsole, type TestConsole } from '../testing/harness.ts';
import { startFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';
import { PROBE_KIND, explainJob, jobFinished, newRecorder, probeKind } from '../testing/jobs.ts';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const COUNT = 20;

describe.skipIf(process.env.SKIP_POSTGRES)('two consoles on one PostgreSQL database', () => {
  const prefix = uniquePrefix();
  const recorder = newRecorder();
  const ranOn = new Map<string, string[]>();
  let a: TestConsole;
  let b: TestConsole;
  let fleet: Child;

  const record = (name: string) => (deviceId: string) =>
    ranOn.set(deviceId, [...(ranOn.get(deviceId) ?? []), name]);

  beforeAll(async () => {
    const overrides = { mqttUrl: BROKER, mqttShareGroup: `test-${prefix.toLowerCase()}`, jobTickMs: 200 };
    a = await startTestConsole('postgres', overrides);
    await a.enrolment.provisionSerials(Array.from({ length: COUNT }, (_, i) => fleetSerial(prefix, i + 1)));
    fleet = startFleet({ console: BROKER, count: COUNT, prefix });
    await waitFor(() => a.devices.counts().numOnline === COUNT, `${COUNT} devices online on A`, 60_000);
    // B on A's database (the harness makes no database of its own for 'sqlite'; the URL decides).
    b = await startTestConsole('sqlite', { ...overrides, databaseUrl: a.config.databaseUrl });
    await waitFor(() => b.devices.counts().numOnline === COUNT, `${COUNT} devices online on B`, 60_000);
    a.jobs.kinds.register(probeKind(recorder, record('A')));
    b.jobs.kinds.register(probeKind(recorder, record('B')));
  }, 150_000);

  afterAll(async () => {
    await fleet?.stop();
    // A shared broker keeps retained presence words forever: leave it as we found it.
    for (const device of a?.devices.list() ?? [])
      await a.bus.publish(deviceTopic(device.id, 'status'), '', { retain: true });
    await b?.destroy();
    await a?.destroy();
  });

  test('each step runs once, on one of them, within the concurrency limit', async () => {
    const deviceIds = a.devices.list().map((d) => d.id);
    const id = await a.jobs.create({
      kind: PROBE_KIND,
      title: 'replicas',
      params: { pings: 2 },
      deviceIds,
      options: { concurrency: 4 },
      createdBy: 'operator',
      createdByName: 'admin',
    });
    const done = await jobFinished(a.jobs, id, 90_000);
    expect(done.job.state, explainJob(done)).toBe('succeeded');
    for (const deviceId of deviceIds) expect(ranOn.get(deviceId), deviceId).toHaveLength(1);
    // Which console claims which step is a race between their ticks (one may take them all on a loaded
    // machine): what must hold is that no step ran on both.
    // At no moment were more than 4 steps running, counted over both consoles.
    const edges = done.steps.flatMap((s) => [
      [s.startedAt!, 1],
      [s.finishedAt!, -1],
    ]);
    edges.sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!);
    let running = 0;
    let most = 0;
    for (const [, delta] of edges) most = Math.max(most, (running += delta!));
    expect(most).toBeLessThanOrEqual(4);
  }, 120_000);

  test('each scheduled occurrence and each system task occurrence runs once', async () => {
    ranOn.clear();
    const ticks: { at: number; on: string }[] = [];
    for (const [name, edge] of [
      ['A', a],
      ['B', b],
    ] as const)
      edge.scheduler.register({
        name: 'test.everySecond',
        pattern: '* * * * * *',
        run: async (at) => void ticks.push({ at, on: name }),
      });
    const at = new Date(Date.now() + 2000);
    const iso = at.toISOString();
    await a.scheduler.create(
      {
        name: 'soon',
        kind: PROBE_KIND,
        deviceIds: a.devices
          .list()
          .slice(0, 5)
          .map((d) => d.id),
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        startDate: iso.slice(0, 10),
        startTime: iso.slice(11, 19),
        timeZone: 'UTC',
      },
      'admin',
    );
    const occursAt = Math.floor(at.getTime() / 1000) * 1000;
    const job = await waitFor(
      async () => {
        const { list } = await a.jobs.list({ kind: PROBE_KIND, limit: 5, offset: 0 });
        return list.find((j) => j.createdBy === 'schedule');
      },
      'the scheduled job',
      20_000,
    );
    const done = await jobFinished(a.jobs, job.id, 60_000);
    expect(done.job).toMatchObject({ state: 'succeeded', title: 'soon', createdByName: 'soon' });
    // Well past the occurrence, both consoles have ticked over it many times: still one claim, one job.
    await new Promise((r) => setTimeout(r, 1500));
    const claims = await a.store.db
      .selectFrom('schedule_occurrences')
      .selectAll()
      .where('schedule_key', 'like', 'schedule:%')
      .execute();
    expect(claims.map((c) => [c.occurs_at, c.job_id])).toEqual([[occursAt, job.id]]);
    const { list } = await b.jobs.list({ kind: PROBE_KIND, limit: 50, offset: 0 });
    expect(list.filter((j) => j.createdBy === 'schedule')).toHaveLength(1);
    for (const step of done.steps) expect(ranOn.get(step.deviceId)).toHaveLength(1);

    // The every-second task: each second since it was registered ran once, on one console or the other.
    await waitFor(() => ticks.some((t) => t.at === occursAt + 3000), 'the task to pass the occurrence');
    const seconds = ticks.map((t) => t.at);
    expect(new Set(seconds).size).toBe(seconds.length);
    const recent = seconds.filter((s) => s >= occursAt && s <= occursAt + 3000).sort();
    expect(recent).toEqual([occursAt, occursAt + 1000, occursAt + 2000, occursAt + 3000]);
  }, 120_000);
});
