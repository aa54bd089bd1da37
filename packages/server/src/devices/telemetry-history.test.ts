/**
 * Issue 18's telemetry history on both dialects: each rollup (5 minutes, hourly) equals the average of the
 * raw points it summarises, computed here from the same points; each resolution is queryable; retention
 * deletes the rows past it and nothing else.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIALECTS, startTestConsole, throwawayPostgres, type TestConsole } from '../testing/harness.ts';
import { openStore } from '../db/database.ts';
import { migratorFor } from '../consoleBackup/restore.ts';
import { sql, type Insertable } from 'kysely';
import type { TelemetryPointsTable } from '../db/schema.ts';
import { METRIC_COLUMNS, METRICS } from './metrics.ts';
import {
  FIVE_MINUTES_MS,
  HOUR_MS,
  MINUTE_MS,
  SERIES,
  aggregateQuery,
  partitionName,
  rawPartitions,
  telemetryStore,
} from './telemetry-store.ts';
import { percentile } from '../statistics/aggregate.ts';
import { deviceStore } from './store.ts';
import { insertBareDevices } from './bare-devices.ts';
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
    const store = telemetryStore(db, dialect);
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
    expect(resolutionFor({ from: now - 6 * HOUR_MS, to: now }, now)).toBe('raw');
    expect(resolutionFor({ from: now - 24 * HOUR_MS, to: now }, now)).toBe('5m');
    expect(resolutionFor({ from: now - 48 * HOUR_MS, to: now }, now)).toBe('5m');
    expect(resolutionFor({ from: now - 7 * 24 * HOUR_MS, to: now }, now)).toBe('hour');
    expect(resolutionFor({ from: now - 30 * 24 * HOUR_MS, to: now }, now)).toBe('hour');
    expect(resolutionFor({ from: now - 90 * 24 * HOUR_MS, to: now }, now)).toBe('hour');
    // An hour that is past the raw retention is read from the 5-minute rollups.
    expect(resolutionFor({ from: now - 26 * HOUR_MS, to: now - 25 * HOUR_MS }, now)).toBe('5m');
  });

  test('retention deletes the rows past it and only those', async () => {
    const db = edge.store.db;
    const store = telemetryStore(db, dialect);
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
      )
        .map((r) => Number(r.at))
        .sort((a, b) => a - b);
    // PostgreSQL drops raw points by whole day partitions: the old point's day is not wholly past yet.
    expect(await left('telemetry_points')).toEqual(
      dialect === 'sqlite'
        ? [now - RAW_RETENTION_MS + 60_000]
        : [now - RAW_RETENTION_MS - 1, now - RAW_RETENTION_MS + 60_000],
    );
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

  test('statistics reads go through the (device, time) key, aggregated by the database', async () => {
    const DAY = 24 * HOUR_MS;
    const db = edge.store.db;
    const store = telemetryStore(db, dialect);
    const now = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    // 120 devices with 2 hours of raw points, 2 days of 5-minute rollups and a week of hourly ones, so the
    // planner has tables worth an index.
    const fiveMinuteValue = (d: number, bucket: number) => (d * 7 + bucket / FIVE_MINUTES_MS) % 100;
    const rows = [];
    const hourly = [];
    const raw = [];
    for (let d = 0; d < 120; d++) {
      const device_id = `plan-${d}`;
      for (let b = now - 2 * 24 * HOUR_MS; b < now; b += FIVE_MINUTES_MS)
        rows.push({ device_id, bucket: b, samples: 5, cpu_usage: fiveMinuteValue(d, b) });
      for (let b = now - 7 * 24 * HOUR_MS; b < now; b += HOUR_MS)
        hourly.push({ device_id, bucket: b, samples: 60, cpu_usage: d });
      // Each raw point holds its 5-minute bucket's value: the console's own maintenance may roll these points
      // up while the test reads, and must then write the very rollups inserted above.
      for (let t = now - 2 * HOUR_MS; t < now; t += MINUTE_MS)
        raw.push({
          device_id,
          ts: t,
          cpu_usage: fiveMinuteValue(d, Math.floor(t / FIVE_MINUTES_MS) * FIVE_MINUTES_MS),
        });
    }
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('telemetry_rollups_5m')
        .values(rows.slice(i, i + 500))
        .execute();
    for (let i = 0; i < hourly.length; i += 500)
      await db
        .insertInto('telemetry_rollups')
        .values(hourly.slice(i, i + 500))
        .execute();
    await store.insertPoints(raw);
    await sql`analyze`.execute(db);

    // The figures equal what the rule computes from the rows: per bucket over three devices.
    const ids = ['plan-1', 'plan-2', 'plan-3'];
    const from = now - 24 * HOUR_MS;
    const got = await store.aggregate('5m', 'cpu_usage', ids, from, now, ['sum', 'max', 'p50', 'p99']);
    expect(got).toHaveLength(24 * 12);
    for (const row of got) {
      const values = rows
        .filter((r) => r.bucket === row.ts && ids.includes(r.device_id))
        .map((r) => r.cpu_usage)
        .sort((a, b) => a - b);
      expect(row.sum).toBeCloseTo(
        values.reduce((a, b) => a + b, 0),
        9,
      );
      expect([row.max, row.p50, row.p99]).toEqual([
        values[2],
        percentile(values, 50),
        percentile(values, 99),
      ]);
    }

    // The whole fleet: every device of the fleet per bucket (the plan devices are the fleet's devices here).
    await insertBareDevices(
      db,
      Array.from({ length: 120 }, (_, d) => `plan-${d}`),
    );
    const lastHour = now - HOUR_MS;
    const fleet = await store.aggregate('5m', 'cpu_usage', null, lastHour, now, ['sum', 'max']);
    const inHour = rows.filter((r) => r.bucket >= lastHour && r.bucket <= now);
    expect(fleet.map((r) => r.ts)).toEqual([...new Set(inHour.map((r) => r.bucket))].sort((a, b) => a - b));
    for (const row of fleet) {
      const values = inHour.filter((r) => r.bucket === row.ts).map((r) => r.cpu_usage);
      expect(values).toHaveLength(120);
      expect(row.sum).toBeCloseTo(
        values.reduce((a, b) => a + b, 0),
        9,
      );
      expect(row.max).toBe(Math.max(...values));
    }

    // A removed device takes its series along: none of its rows is left to count in the fleet.
    await deviceStore(db).remove('plan-119');
    for (const table of ['telemetry_points', 'telemetry_rollups_5m', 'telemetry_rollups'] as const)
      expect(
        await db.selectFrom(table).select('device_id').where('device_id', '=', 'plan-119').execute(),
        table,
      ).toEqual([]);

    const plan = async (query: ReturnType<typeof aggregateQuery>) => {
      const compiled = query.compile(db);
      const explain = dialect === 'postgres' ? 'explain ' : 'explain query plan ';
      const { rows: lines } = await db.executeQuery<Record<string, unknown>>({
        ...compiled,
        sql: explain + compiled.sql,
      });
      return lines.map((l) => String(l['QUERY PLAN'] ?? l.detail)).join('\n');
    };
    for (const [resolution, table] of [
      ['5m', 'telemetry_rollups_5m'],
      ['hour', 'telemetry_rollups'],
      ['raw', 'telemetry_points'],
    ] as const) {
      const text = await plan(
        aggregateQuery(dialect, resolution, 'cpu_usage', ids, from, now, ['avg', 'p95']),
      );
      if (dialect === 'sqlite') {
        // The primary key (the rollups' own order, WITHOUT ROWID) searched by device and time; never a scan.
        expect(text, text).toMatch(
          new RegExp(
            `SEARCH ${table} USING ${table === 'telemetry_points' ? `INDEX sqlite_autoindex_${table}_1` : 'PRIMARY KEY'} \\(device_id=\\? AND (bucket|ts)>\\? AND (bucket|ts)<\\?\\)`,
          ),
        );
        expect(text, text).not.toMatch(new RegExp(`SCAN ${table}\\b`));
        if (table !== 'telemetry_points') {
          // The fleet too: each device's contiguous range by the key, not every row through the time index.
          const fleetPlan = await plan(
            aggregateQuery(dialect, resolution, 'cpu_usage', null, from, now, ['avg']),
          );
          expect(fleetPlan, fleetPlan).toMatch(
            new RegExp(`SEARCH ${table} USING PRIMARY KEY \\(device_id=\\? AND bucket>\\? AND bucket<\\?\\)`),
          );
        }
      } else {
        expect(text, text).toMatch(
          /Index Cond: \(\(device_id = ANY \(.*\)\) AND \((bucket|ts) >= .*\) AND \((bucket|ts) <= .*\)\)/,
        );
        // No scan of the rollups, nor of the raw points' partition holding the rows.
        const bulk =
          table === 'telemetry_points' ? partitionName(Math.floor((now - HOUR_MS) / DAY) * DAY) : table;
        expect(text, text).not.toMatch(new RegExp(`Seq Scan on ${bulk}\\b`));
      }
    }
    if (dialect === 'postgres') {
      // Once the maintenance task's vacuum has run, rollups are read from the covering key alone (migration
      // 0036): an index-only scan that visits no heap page.
      await store.tidyRollups();
      for (const [resolution, table] of [
        ['5m', 'telemetry_rollups_5m'],
        ['hour', 'telemetry_rollups'],
      ] as const) {
        const compiled = aggregateQuery(dialect, resolution, 'cpu_usage', ids, from, now, ['avg']).compile(
          db,
        );
        const { rows: lines } = await db.executeQuery<Record<string, unknown>>({
          ...compiled,
          sql: `explain (analyze, costs off, timing off) ${compiled.sql}`,
        });
        const text = lines.map((l) => String(l['QUERY PLAN'])).join('\n');
        expect(text, text).toContain(`Index Only Scan using ${table}_pk on ${table}`);
        expect(text, text).toMatch(/Heap Fetches: 0\b/);
      }
      // Raw points of the last hour: only today's partition is read.
      const text = await plan(aggregateQuery(dialect, 'raw', 'cpu_usage', ids, now - HOUR_MS, now, ['avg']));
      const today = Math.floor(now / (24 * HOUR_MS)) * 24 * HOUR_MS;
      expect(text, text).toContain(partitionName(today));
      expect(text, text).not.toContain('telemetry_points_default');
    }
  });

  // Registered for PostgreSQL only (SQLite keeps one raw table), so no run reports it skipped.
  if (dialect === 'postgres')
    test('raw points: retention drops whole day partitions, keeps newer days, and a day without a partition still takes points', async () => {
      const db = edge.store.db;
      const store = telemetryStore(db, dialect);
      const DAY = 24 * HOUR_MS;
      const today = Math.floor(Date.now() / DAY) * DAY;
      const history = (at: number) => telemetryHistory(store, { graceMs: 0, now: () => at });
      const points = async (device: string) =>
        (
          await db
            .selectFrom('telemetry_points')
            .select('ts')
            .where('device_id', '=', device)
            .orderBy('ts')
            .execute()
        ).map((r) => Number(r.ts));
      const days = async () => (await rawPartitions(db)).map((p) => p.day).sort((a, b) => a - b);

      // Ten days ahead has no partition yet: the point goes to the default one and is kept.
      const ahead = today + 10 * DAY + 5 * HOUR_MS;
      expect(await days()).not.toContain(today + 10 * DAY);
      await store.insertPoints([{ device_id: 'part-ahead', ts: ahead, cpu_usage: 7 }]);
      expect(await points('part-ahead')).toEqual([ahead]);
      const inDefault = await sql<{ n: string }>`select count(*) as n from telemetry_points_default`.execute(
        db,
      );
      expect(Number(inDefault.rows[0]!.n)).toBe(1);

      // Two days before that day, the task makes its partition (its days ahead) and moves the point in.
      await history(today + 8 * DAY + HOUR_MS).maintain();
      expect(await days()).toEqual(expect.arrayContaining([8, 9, 10].map((d) => today + d * DAY)));
      expect(await points('part-ahead')).toEqual([ahead]);
      const moved = await sql<{
        n: string;
      }>`select count(*) as n from ${sql.id(partitionName(today + 10 * DAY))}`.execute(db);
      expect(Number(moved.rows[0]!.n)).toBe(1);
      const leftInDefault = await sql<{
        n: string;
      }>`select count(*) as n from telemetry_points_default`.execute(db);
      expect(Number(leftInDefault.rows[0]!.n)).toBe(0);

      // Points of that day and the next; once the day is wholly past the retention its partition is dropped.
      const next = today + 11 * DAY + HOUR_MS;
      await store.insertPoints([{ device_id: 'part-ahead', ts: next, cpu_usage: 8 }]);
      await history(today + 12 * DAY + HOUR_MS).maintain();
      expect(await days()).not.toContain(today + 10 * DAY);
      expect(await points('part-ahead')).toEqual([next]);
      expect(await days()).toEqual(expect.arrayContaining([11, 12, 13, 14].map((d) => today + d * DAY)));
      // The first test's points (10 hours before the real now) went with their day's partition.
      expect(await points('hist-a')).toEqual([]);
    });
});

describe.each(DIALECTS)('migration 0033 on a store that holds telemetry (%s)', (dialect) => {
  test('keeps every point and rollup: PostgreSQL puts the points in their days, SQLite rollups become WITHOUT ROWID', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-0033-'));
    const database = dialect === 'postgres' ? await throwawayPostgres() : null;
    const store = await openStore({ dataDir, databaseUrl: database?.url, migrate: false });
    try {
      const db = store.db;
      const migrator = migratorFor(db as unknown as Parameters<typeof migratorFor>[0], dialect);
      expect((await migrator.migrateTo('0030_sdwan_relay')).error).toBeUndefined();
      const now = Math.floor(Date.now() / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
      const points = [now - 30 * HOUR_MS, now - 2 * HOUR_MS, now].flatMap((ts, i) =>
        DEVICES.map((device_id, d) => ({ device_id, ts, cpu_usage: i * 10 + d, uptime: 100 + d })),
      );
      await db.insertInto('telemetry_points').values(points).execute();
      const rollup = (bucket: number, d: number) => ({
        device_id: DEVICES[d]!,
        bucket,
        samples: 5,
        cpu_usage: d + 0.5,
        signal_snr: 12,
      });
      await db
        .insertInto('telemetry_rollups_5m')
        .values(DEVICES.flatMap((_, d) => [rollup(now - FIVE_MINUTES_MS, d), rollup(now, d)]))
        .execute();
      await db
        .insertInto('telemetry_rollups')
        .values(DEVICES.map((_, d) => rollup(now - HOUR_MS, d)))
        .execute();
      const before = {
        points: await db
          .selectFrom('telemetry_points')
          .selectAll()
          .orderBy('device_id')
          .orderBy('ts')
          .execute(),
        fine: await db
          .selectFrom('telemetry_rollups_5m')
          .selectAll()
          .orderBy('device_id')
          .orderBy('bucket')
          .execute(),
        hour: await db
          .selectFrom('telemetry_rollups')
          .selectAll()
          .orderBy('device_id')
          .orderBy('bucket')
          .execute(),
      };

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(
        await db.selectFrom('telemetry_points').selectAll().orderBy('device_id').orderBy('ts').execute(),
      ).toEqual(before.points);
      expect(
        await db
          .selectFrom('telemetry_rollups_5m')
          .selectAll()
          .orderBy('device_id')
          .orderBy('bucket')
          .execute(),
      ).toEqual(before.fine);
      expect(
        await db.selectFrom('telemetry_rollups').selectAll().orderBy('device_id').orderBy('bucket').execute(),
      ).toEqual(before.hour);
      if (dialect === 'postgres') {
        const DAY = 24 * HOUR_MS;
        const days = (await rawPartitions(db)).map((p) => p.day);
        for (const ts of [now - 30 * HOUR_MS, now, now + 2 * DAY])
          expect(days).toContain(Math.floor(ts / DAY) * DAY);
        const inDefault = await sql<{
          n: string;
        }>`select count(*) as n from telemetry_points_default`.execute(db);
        expect(Number(inDefault.rows[0]!.n)).toBe(0);
        // The key still refuses a second point of a device at the same time.
        await expect(db.insertInto('telemetry_points').values(points[0]!).execute()).rejects.toThrow();
        // Migration 0036: the rollups' keys carry their columns (index-only reads), and still refuse a twin.
        const { rows: keys } = await sql<{ def: string }>`select indexdef as def from pg_indexes
          where indexname in ('telemetry_rollups_5m_pk', 'telemetry_rollups_pk')`.execute(db);
        expect(keys).toHaveLength(2);
        for (const { def } of keys)
          expect(def).toMatch(/\(device_id, bucket\) INCLUDE \(samples, .*cpu_usage/);
        await expect(
          db.insertInto('telemetry_rollups_5m').values(rollup(now, 0)).execute(),
        ).rejects.toThrow();
      } else {
        const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
          where name in ('telemetry_rollups_5m', 'telemetry_rollups')`.execute(db);
        expect(rows).toHaveLength(2);
        for (const row of rows) expect(row.sql, row.name).toMatch(/without rowid$/i);
        await expect(
          db.insertInto('telemetry_rollups_5m').values(rollup(now, 0)).execute(),
        ).rejects.toThrow();
      }
    } finally {
      await store.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
