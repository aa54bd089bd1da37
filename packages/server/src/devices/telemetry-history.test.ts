/**
 * Issue 18's telemetry history on both dialects: each rollup (5 minutes, hourly) equals the average of the
 * raw points it summarises, computed here from the same points; each resolution is queryable; retention
 * deletes the rows past it and nothing else.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIALECTS, startTestConsole, type TestConsole } from '../testing/harness.ts';
import type { Insertable } from 'kysely';
import type { TelemetryPointsTable } from '../db/schema.ts';
import { METRIC_COLUMNS, METRICS } from './metrics.ts';
import { FIVE_MINUTES_MS, HOUR_MS, MINUTE_MS, SERIES, telemetryStore } from './telemetry-store.ts';
import {
  FINE_RETENTION_MS,
  RAW_RETENTION_MS,
  ROLLUP_RETENTION_MS,
  resolutionFor,
  telemetryHistory,
} from './telemetry.ts';

const DEVICES = ['hist-a', 'hist-b', 'hist-c'];

/** Deterministic values with gaps (every 7th sample of a metric missing), different per device and metric. */
function pointsFrom(base: number, minutes: number): Insertable<TelemetryPointsTable>[] {
  const rows: Insertable<TelemetryPointsTable>[] = [];
  DEVICES.forEach((device_id, d) => {
    for (let i = 0; i < minutes; i++) {
      const row: Insertable<TelemetryPointsTable> = { device_id, ts: base + i * MINUTE_MS + d * 1000 };
      METRIC_COLUMNS.forEach((c, m) => {
        row[c] = (i + m) % 7 === 0 ? null : ((i * 37 + m * 11 + d * 101) % 97) + 0.25 * d;
      });
      rows.push(row);
    }
  });
  return rows;
}

/** The averages a rollup of `width` must hold, from the raw rows: device|bucket -> column -> avg. */
function expectedRollups(rows: Insertable<TelemetryPointsTable>[], width: number) {
  const sums = new Map<string, { samples: number; sum: Record<string, number>; n: Record<string, number> }>();
  for (const row of rows) {
    const key = `${row.device_id}|${Math.floor(row.ts / width) * width}`;
    let acc = sums.get(key);
    if (!acc) sums.set(key, (acc = { samples: 0, sum: {}, n: {} }));
    acc.samples++;
    for (const c of METRIC_COLUMNS) {
      const v = row[c];
      if (v === null || v === undefined) continue;
      acc.sum[c] = (acc.sum[c] ?? 0) + v;
      acc.n[c] = (acc.n[c] ?? 0) + 1;
    }
  }
  return new Map<string, Record<string, number | null>>(
    [...sums].map(([key, acc]) => [
      key,
      {
        samples: acc.samples,
        ...Object.fromEntries(METRIC_COLUMNS.map((c) => [c, acc.n[c] ? acc.sum[c]! / acc.n[c]! : null])),
      },
    ]),
  );
}

describe.each(DIALECTS)('telemetry history (%s)', (dialect) => {
  let edge: TestConsole;
  beforeAll(async () => {
    edge = await startTestConsole(dialect);
  });
  afterAll(() => edge?.destroy());

  test('rollups equal the raw points they summarise, at 5 minutes and hourly, and are queryable', async () => {
    const db = edge.store.db;
    const store = telemetryStore(db);
    const base = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 10 * HOUR_MS;
    const raw = pointsFrom(base, 180);
    await store.insertPoints(raw);
    const history = telemetryHistory(store, { graceMs: 0, now: () => base + 4 * HOUR_MS });
    await history.maintain();

    for (const [resolution, width] of [
      ['5m', FIVE_MINUTES_MS],
      ['hour', HOUR_MS],
    ] as const) {
      const expected = expectedRollups(raw, width);
      const stored = await db
        .selectFrom(SERIES[resolution].table)
        .selectAll()
        .where('device_id', 'in', DEVICES)
        .where('bucket', '>=', base)
        .where('bucket', '<', base + 3 * HOUR_MS)
        .execute();
      expect(stored.length).toBe(expected.size);
      expect(stored.length).toBe(resolution === '5m' ? 3 * 36 : 3 * 3);
      for (const row of stored) {
        const want = expected.get(`${row.device_id}|${Number(row.bucket)}`);
        expect(want, `${row.device_id} ${row.bucket}`).toBeDefined();
        expect(Number(row.samples)).toBe(want!.samples);
        for (const c of METRIC_COLUMNS) {
          if (want![c] === null) expect(row[c]).toBeNull();
          else expect(Number(row[c])).toBeCloseTo(want![c] as number, 9);
        }
      }
    }

    // Each resolution answers the same range with its own rows.
    const range = { from: base, to: base + 3 * HOUR_MS - 1 };
    const asRaw = await history.history('hist-b', range, 'raw');
    const asFine = await history.history('hist-b', range, '5m');
    const asHour = await history.history('hist-b', range, 'hour');
    expect([asRaw.points.length, asFine.points.length, asHour.points.length]).toEqual([180, 36, 3]);
    const names = METRICS.map((m) => m.name);
    expect(Object.keys(asFine.points[0]!).sort()).toEqual(['ts', ...names].sort());
    const hourCpu = expectedRollups(raw, HOUR_MS).get(`hist-b|${base + HOUR_MS}`)!.cpu_usage as number;
    expect(asHour.points[1]!.cpuUsage).toBeCloseTo(hourCpu, 9);
    expect(asHour.points[1]!.ts).toBe(base + HOUR_MS);
  });

  test('the range chooses the resolution', () => {
    const now = 1_000 * HOUR_MS;
    expect(resolutionFor({ from: now - HOUR_MS, to: now }, now)).toBe('raw');
    expect(resolutionFor({ from: now - 7 * 24 * HOUR_MS, to: now }, now)).toBe('5m');
    expect(resolutionFor({ from: now - 30 * 24 * HOUR_MS, to: now }, now)).toBe('5m');
    expect(resolutionFor({ from: now - 90 * 24 * HOUR_MS, to: now }, now)).toBe('hour');
  });

  test('retention deletes the rows past it and only those', async () => {
    const db = edge.store.db;
    const store = telemetryStore(db);
    const now = Date.now();
    const metrics = { cpu_usage: 1 };
    await db
      .insertInto('telemetry_points')
      .values([
        { device_id: 'keep-old', ts: now - RAW_RETENTION_MS - 1, ...metrics },
        { device_id: 'keep-old', ts: now - RAW_RETENTION_MS + 60_000, ...metrics },
      ])
      .execute();
    const bucket = (at: number, width: number) => Math.floor(at / width) * width;
    for (const [table, retention, width] of [
      ['telemetry_rollups_5m', FINE_RETENTION_MS, FIVE_MINUTES_MS],
      ['telemetry_rollups', ROLLUP_RETENTION_MS, HOUR_MS],
    ] as const) {
      await db
        .insertInto(table)
        .values([
          { device_id: 'keep-old', bucket: bucket(now - retention, width) - width, samples: 1, ...metrics },
          { device_id: 'keep-old', bucket: bucket(now - retention, width) + width, samples: 1, ...metrics },
        ])
        .execute();
    }
    await telemetryHistory(store, { graceMs: 0, now: () => now }).maintain();

    const left = async (table: 'telemetry_points' | 'telemetry_rollups_5m' | 'telemetry_rollups') =>
      (
        await db
          .selectFrom(table)
          .select(table === 'telemetry_points' ? 'ts as at' : 'bucket as at')
          .where('device_id', '=', 'keep-old')
          .execute()
      ).map((r) => Number(r.at));
    expect(await left('telemetry_points')).toEqual([now - RAW_RETENTION_MS + 60_000]);
    expect(await left('telemetry_rollups_5m')).toEqual([
      bucket(now - FINE_RETENTION_MS, FIVE_MINUTES_MS) + FIVE_MINUTES_MS,
    ]);
    expect(await left('telemetry_rollups')).toEqual([bucket(now - ROLLUP_RETENTION_MS, HOUR_MS) + HOUR_MS]);
    // The earlier test's points (10 hours old) and their rollups are inside every retention: all still there.
    const recent = await db
      .selectFrom('telemetry_points')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('device_id', 'in', DEVICES)
      .executeTakeFirstOrThrow();
    expect(Number(recent.n)).toBe(540);
  });
});
