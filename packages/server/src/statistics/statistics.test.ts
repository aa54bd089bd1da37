/**
 * Statistics over a simulated fleet through the API: an overview of a group per bucket (sum, average,
 * percentiles) equals what the test computes from the points it wrote; a comparison of three devices
 * draws each; the fleet's own telemetry is queryable raw, at 5 minutes and hourly once rolled up; views
 * are saved by name per user and reopened; bad input and callers without Statistics are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STATISTICS_API, fleetSerial, type SavedStatisticsView, type StatisticsResult } from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { startConsoleWithFleet, uniquePrefix, type Child } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { telemetryStore } from '../devices/telemetry-store.ts';
import { telemetryHistory } from '../devices/telemetry.ts';
import { percentile } from './aggregate.ts';

const COUNT = 3;
const MINUTE = 60_000;

describe.each(DIALECTS)('Statistics (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  let ids: string[];
  let groupId: number;
  /** Before the fleet started: the points written for it are the only ones in range. */
  const to = Math.floor(Date.now() / MINUTE) * MINUTE - 2 * MINUTE;

  /** `at` null: ending now. */
  const query = (view: object, at: number | null = to, as: Caller = admin) =>
    as('POST', `${STATISTICS_API}/query`, { view, ...(at !== null && { to: at }) });

  beforeAll(async () => {
    let session;
    ({ edge, session, fleet } = await startConsoleWithFleet(dialect, { count: COUNT, prefix }));
    admin = caller(edge, session);
    ids = Array.from(
      { length: COUNT },
      (_, i) => edge.devices.list().find((d) => d.serial === fleetSerial(prefix, i + 1))!.id,
    );
    groupId = (await edge.devices.groups.create(`stats-${prefix}`)).id;
    await edge.devices.updateMany(ids.slice(0, 2), { groupId });
    // 30 minutes of CPU: device i reports 10*(i+1) + minute.
    await telemetryStore(edge.store.db, dialect).insertPoints(
      ids.flatMap((device_id, i) =>
        Array.from({ length: 30 }, (_, m) => ({
          device_id,
          ts: to - (30 - m) * MINUTE,
          cpu_usage: 10 * (i + 1) + m,
        })),
      ),
    );
  }, 90_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  test('an overview of a group: sum, average and percentiles per bucket over its devices', async () => {
    const res = await query({
      mode: 'overview',
      indicator: 'cpuUsage',
      range: '1h',
      groupId,
      aggregates: ['sum', 'avg', 'p50', 'max'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<StatisticsResult>();
    expect(result).toMatchObject({ resolution: 'raw', devices: 2, from: to - 60 * MINUTE, to });
    const byKey = Object.fromEntries(result.series.map((s) => [s.key, s.points]));
    expect(Object.keys(byKey)).toEqual(['sum', 'avg', 'p50', 'max']);
    expect(byKey.sum).toHaveLength(30);
    for (let m = 0; m < 30; m++) {
      const values = [10 + m, 20 + m];
      const at = to - (30 - m) * MINUTE;
      expect(byKey.sum![m]).toEqual([at, values[0]! + values[1]!]);
      expect(byKey.avg![m]).toEqual([at, (values[0]! + values[1]!) / 2]);
      expect(byKey.p50![m]).toEqual([at, percentile(values, 50)]);
      expect(byKey.max![m]).toEqual([at, values[1]]);
    }
    // The table of figures: the sum over the range runs from 30 to 88.
    expect(result.figures.find((f) => f.key === 'sum')).toMatchObject({
      min: 30,
      max: 88,
      last: 88,
      samples: 30,
    });
  });

  test('a comparison of three devices draws each under its name', async () => {
    const res = await query({
      mode: 'comparison',
      indicator: 'cpuUsage',
      range: '1h',
      targets: ids.map((id) => ({ type: 'device', id })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<StatisticsResult>();
    expect(result.series.map((s) => s.key)).toEqual(ids.map((id) => `device:${id}`));
    expect(result.series.map((s) => s.label)).toEqual(
      ids.map((id) => edge.devices.get(id)!.name || fleetSerial(prefix, ids.indexOf(id) + 1)),
    );
    result.series.forEach((s, i) => expect(s.points.at(-1)).toEqual([to - MINUTE, 10 * (i + 1) + 29]));
    expect(result.figures.map((f) => f.avg)).toEqual([24.5, 34.5, 44.5]);

    const group = await query({
      mode: 'comparison',
      indicator: 'cpuUsage',
      range: '1h',
      aggregates: ['sum'],
      targets: [
        { type: 'group', id: groupId },
        { type: 'device', id: ids[2]! },
      ],
    });
    expect(group.json<StatisticsResult>().series[0]!.points.at(-1)).toEqual([
      to - MINUTE,
      10 + 29 + (20 + 29),
    ]);
  });

  test("the fleet's own telemetry is queryable raw, at 5 minutes and hourly", async () => {
    await edge.flushDevices();
    const view = { mode: 'comparison', indicator: 'memoryUsage', targets: [{ type: 'device', id: ids[0] }] };
    const raw = (await query({ ...view, range: '1h' }, null)).json<StatisticsResult>();
    expect(raw.resolution).toBe('raw');
    expect(raw.series[0]!.points.length).toBeGreaterThan(0);
    expect(raw.series[0]!.points.at(-1)![1]).toEqual(expect.any(Number));

    // The rollups as the scheduler's task makes them, two hours on (so this hour is finished).
    await telemetryHistory(telemetryStore(edge.store.db, dialect), {
      graceMs: 0,
      now: () => Date.now() + 2 * 3_600_000,
    }).maintain();
    const fine = (await query({ ...view, range: '24h' }, null)).json<StatisticsResult>();
    const hourly = (await query({ ...view, range: '365d' }, null)).json<StatisticsResult>();
    expect([fine.resolution, hourly.resolution]).toEqual(['5m', 'hour']);
    const lastRaw = raw.series[0]!.points.at(-1)!;
    expect(fine.series[0]!.points.at(-1)![0]).toBe(Math.floor(lastRaw[0] / (5 * MINUTE)) * 5 * MINUTE);
    expect(hourly.series[0]!.points.at(-1)![0]).toBe(Math.floor(lastRaw[0] / 3_600_000) * 3_600_000);
  });

  test('views are saved by name per user, replaced under the same name, reopened and deleted', async () => {
    const config = {
      mode: 'overview',
      indicator: 'clients',
      range: '24h',
      groupId: null,
      aggregates: ['sum'],
      targets: [],
    };
    const saved = await admin('POST', `${STATISTICS_API}/views`, { name: ' Clients today ', config });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await admin('POST', `${STATISTICS_API}/views`, {
      name: 'Clients today',
      config: { ...config, range: '7d' },
    });
    expect(again.json<SavedStatisticsView>().id).toBe(saved.json<SavedStatisticsView>().id);
    const list = (await admin('GET', `${STATISTICS_API}/views`)).json<{ list: SavedStatisticsView[] }>().list;
    expect(list).toEqual([
      expect.objectContaining({ name: 'Clients today', config: { ...config, range: '7d' } }),
    ]);

    const other = await userWithRole(edge, admin, {
      Statistics: { control: { enable: true }, isManagement: false },
    });
    expect((await other.call('GET', `${STATISTICS_API}/views`)).json()).toEqual({ list: [] });
    const foreign = await other.call('DELETE', `${STATISTICS_API}/views/${list[0]!.id}`);
    expect(foreign.statusCode).toBe(404);

    expect((await admin('DELETE', `${STATISTICS_API}/views/${list[0]!.id}`)).statusCode).toBe(200);
    const gone = await admin('DELETE', `${STATISTICS_API}/views/${list[0]!.id}`);
    expect([gone.statusCode, gone.json()]).toEqual([
      404,
      { err_message: 'Saved view not found.', err_code: 'statisticsViewNotFound' },
    ]);
  });

  test('bad views and callers without Statistics are refused with nothing written', async () => {
    const none = await query({ mode: 'comparison', indicator: 'cpuUsage', range: '1h', targets: [] });
    expect([none.statusCode, none.json().err_message]).toEqual([
      400,
      'Please select at least one device or group to compare.',
    ]);
    const many = await query({
      mode: 'comparison',
      indicator: 'cpuUsage',
      range: '1h',
      targets: Array.from({ length: 21 }, () => ({ type: 'device', id: ids[0] })),
    });
    expect([many.statusCode, many.json().err_message]).toEqual([
      400,
      'Compare at most 20 devices or groups.',
    ]);
    const unknown = await query({
      mode: 'comparison',
      indicator: 'cpuUsage',
      range: '1h',
      targets: [{ type: 'device', id: 'nope' }],
    });
    expect(unknown.statusCode).toBe(404);
    const emptyName = await admin('POST', `${STATISTICS_API}/views`, {
      name: '  ',
      config: { mode: 'overview', indicator: 'cpuUsage', range: '1h' },
    });
    expect([emptyName.statusCode, emptyName.json().err_message]).toEqual([400, 'Name cannot be empty.']);
    expect((await admin('GET', `${STATISTICS_API}/views`)).json()).toEqual({ list: [] });

    const outsider = await userWithRole(edge, admin, {
      Inventory: { control: { enable: true }, isManagement: false },
    });
    const refused = await query({ mode: 'overview', indicator: 'cpuUsage', range: '1h' }, to, outsider.call);
    expect(refused.statusCode).toBe(403);
  });
});
