/** The history of devices on both dialects: batched writes, hourly rollups, pruning, and batch updates. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIALECTS, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { updateMany } from '../lib/batch-update.ts';
import { telemetrySampler } from './telemetry-sampler.ts';
import { HOUR_MS, telemetryStore } from './telemetry-store.ts';
import { RAW_RETENTION_MS, telemetryHistory } from './telemetry.ts';
import { insertBareDevices } from './bare-devices.ts';

describe.each(DIALECTS)('telemetry series (%s)', (dialect) => {
  let edge: TestConsole;
  beforeAll(async () => {
    edge = await startTestConsole(dialect);
  });
  afterAll(() => edge?.destroy());

  test('samples are averaged per window, rolled up per hour and pruned after their retention', async () => {
    const store = telemetryStore(edge.store.db, dialect);
    const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS;
    let now = hour + 60_000;
    const sampler = telemetrySampler(store, () => now);
    sampler.add('d1', { cpu_usage: 10, ethernet_rx: 100 });
    sampler.add('d1', { cpu_usage: 30 });
    sampler.add('d2', { cpu_usage: 50 });
    expect(await sampler.flush()).toBe(2);
    now += 60_000;
    sampler.add('d1', { cpu_usage: 60 });
    await sampler.flush();

    const history = telemetryHistory(store, { graceMs: 0, now: () => hour + 2 * HOUR_MS });
    const raw = await history.history('d1', { from: hour, to: hour + HOUR_MS });
    expect(raw.resolution).toBe('raw');
    expect(raw.points.map((p) => [p.cpuUsage, p.ethernetRxMbps])).toEqual([
      [20, 100],
      [60, null],
    ]);

    await history.maintain();
    const rollups = await edge.store.db
      .selectFrom('telemetry_rollups')
      .selectAll()
      .where('bucket', '=', hour)
      .orderBy('device_id')
      .execute();
    expect(rollups.map((r) => [r.device_id, Number(r.samples), Number(r.cpu_usage)])).toEqual([
      ['d1', 2, 40],
      ['d2', 1, 50],
    ]);
    await history.maintain();
    expect(
      await edge.store.db.selectFrom('telemetry_rollups').selectAll().where('bucket', '=', hour).execute(),
    ).toHaveLength(2);

    // A day past the raw retention: on PostgreSQL raw points go with their whole day's partition.
    const later = telemetryHistory(store, {
      graceMs: 0,
      now: () => hour + RAW_RETENTION_MS + 24 * HOUR_MS + 2 * HOUR_MS,
    });
    await later.maintain();
    expect(await edge.store.db.selectFrom('telemetry_points').selectAll().execute()).toEqual([]);
    const old = await later.history('d1', { from: hour - HOUR_MS, to: hour + HOUR_MS }, 'hour');
    expect(old).toMatchObject({ resolution: 'hour', points: [{ ts: hour, cpuUsage: 40 }] });
    const fine = await later.history('d1', { from: hour - HOUR_MS, to: hour + HOUR_MS });
    expect(fine).toMatchObject({ resolution: '5m', points: [{ ts: hour, cpuUsage: 40 }] });
  });

  test('a batch update writes many rows in a few statements and skips rows that are gone', async () => {
    const db = edge.store.db;
    const ids = Array.from({ length: 1300 }, (_, i) => i.toString(16).padStart(16, '0'));
    await insertBareDevices(db, ids, (id) => `B-${id}`);
    await updateMany(
      db,
      'devices',
      { name: 'id', type: 'text' },
      [
        { name: 'online', type: 'integer' },
        { name: 'last_seen_at', type: 'bigint' },
        { name: 'hostname', type: 'text' },
        { name: 'latitude', type: 'double precision' },
      ],
      [
        ...ids.map((id, i) => [id, 1, 1_700_000_000_000 + i, `host-${i}`, i % 2 ? 25.5 : null]),
        ['ffffffffffffffff', 1, 1, 'ghost', null],
      ],
    );
    const rows = await db
      .selectFrom('devices')
      .select(['id', 'online', 'last_seen_at', 'hostname', 'latitude'])
      .where('serial', 'like', 'B-%')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(1300);
    expect(rows[1]).toEqual({
      id: ids[1],
      online: 1,
      last_seen_at: 1_700_000_000_001,
      hostname: 'host-1',
      latitude: 25.5,
    });
    expect(rows.every((r) => r.online === 1)).toBe(true);
    expect(await db.selectFrom('devices').select('id').where('hostname', '=', 'ghost').execute()).toEqual([]);
  });
});
