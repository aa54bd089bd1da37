/**
 * SQLite's maintenance in pieces (telemetry-store.ts, MaintenancePieces): a bucket rolled up a slice of
 * devices at a time holds the same rows as the one statement over the fleet, no device dropped or doubled
 * (devices without a devices row included); the event loop gets turns while it runs; retention deletes in
 * batches until nothing past it is left.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Insertable } from 'kysely';
import { openStore } from '../db/database.ts';
import type { TelemetryPointsTable } from '../db/schema.ts';
import { METRIC_COLUMNS } from './metrics.ts';
import { FIVE_MINUTES_MS, HOUR_MS, MINUTE_MS, SERIES, telemetryStore } from './telemetry-store.ts';
import { insertBareDevices } from './bare-devices.ts';
import { RAW_RETENTION_MS, telemetryHistory } from './telemetry.ts';

const DEVICES = 257;
/** Small pieces: 2 devices a slice of an hour (60 points each), 12 of a 5-minute bucket, deletes of 50. */
const SMALL = { rollupRows: 150, deleteRows: 50 };
const id = (d: number) => `piece-${String(d).padStart(4, '0')}`;

describe('telemetry maintenance in pieces (sqlite)', () => {
  let dataDir: string;
  let store: Awaited<ReturnType<typeof openStore>>;
  const base = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-pieces-'));
    store = await openStore({ dataDir });
    // Every tenth device has no devices row (points flushed after its removal): rolled up all the same.
    await insertBareDevices(
      store.db,
      Array.from({ length: DEVICES }, (_, d) => d)
        .filter((d) => d % 10 !== 0)
        .map(id),
    );
    const rows: Insertable<TelemetryPointsTable>[] = [];
    for (let d = 0; d < DEVICES; d++)
      // A device with points in the hour's first half only, to leave gaps in some buckets.
      for (let m = 0; m < (d % 7 === 3 ? 30 : 60); m++) {
        const row: Insertable<TelemetryPointsTable> = { device_id: id(d), ts: base + m * MINUTE_MS + d };
        METRIC_COLUMNS.forEach((c, i) => {
          row[c] = (m + i + d) % 5 === 0 ? null : ((m * 31 + i * 7 + d * 13) % 89) + d / 10;
        });
        rows.push(row);
      }
    await telemetryStore(store.db, store.dialect).insertPoints(rows);
  });
  afterAll(async () => {
    await store?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The one statement over the fleet, as a query: what every slice together must have written. */
  const reference = async (width: number, bucket: number) =>
    (
      await sql<Record<string, number | string | null>>`select device_id, count(*) as samples,
        ${sql.join(METRIC_COLUMNS.map((c) => sql`avg(${sql.ref(c)}) as ${sql.ref(c)}`))}
        from telemetry_points where ts >= ${bucket} and ts < ${bucket + width}
        group by device_id order by device_id`.execute(store.db)
    ).rows;

  test.each([
    ['hour', HOUR_MS, base],
    ['5m', FIVE_MINUTES_MS, base + 40 * MINUTE_MS],
  ] as const)(
    'a %s bucket rolled up in slices equals the one statement',
    async (resolution, width, bucket) => {
      await telemetryStore(store.db, store.dialect, SMALL).rollUp(resolution, bucket);
      const stored = await store.db
        .selectFrom(SERIES[resolution].table)
        .selectAll()
        .where('bucket', '=', bucket)
        .orderBy('device_id')
        .execute();
      const want = await reference(width, bucket);
      expect(want.length).toBeGreaterThan(100);
      expect(stored.map((r) => r.device_id)).toEqual(want.map((r) => r.device_id));
      stored.forEach((row, i) => {
        expect(Number(row.samples)).toBe(Number(want[i]!.samples));
        for (const c of METRIC_COLUMNS)
          if (want[i]![c] === null) expect(row[c], `${row.device_id} ${c}`).toBeNull();
          else expect(Number(row[c]), `${row.device_id} ${c}`).toBeCloseTo(Number(want[i]![c]), 9);
      });
    },
  );

  test('the event loop gets turns while a bucket is rolled up', async () => {
    let turns = 0;
    let running = true;
    const count = () => {
      turns++;
      if (running) setImmediate(count);
    };
    setImmediate(count);
    // 257 devices, 2 a slice: 129 slices, a turn between two.
    await telemetryStore(store.db, store.dialect, SMALL).rollUp('hour', base + HOUR_MS);
    running = false;
    expect(turns).toBeGreaterThanOrEqual(100);
  });

  test('retention deletes in batches until nothing past it is left', async () => {
    const pieces = telemetryStore(store.db, store.dialect, SMALL);
    const count = async (
      table: 'telemetry_points' | 'telemetry_rollups_5m',
      column: 'ts' | 'bucket',
      before: number,
    ) =>
      Number(
        (
          await store.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(column, '<', before)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const cut = base + 20 * MINUTE_MS;
    const total = await count('telemetry_points', 'ts', Number.MAX_SAFE_INTEGER);
    const past = await count('telemetry_points', 'ts', cut);
    expect(past).toBeGreaterThan(10 * SMALL.deleteRows);
    await pieces.prunePoints(cut);
    expect(await count('telemetry_points', 'ts', cut)).toBe(0);
    expect(await count('telemetry_points', 'ts', Number.MAX_SAFE_INTEGER)).toBe(total - past);

    const fine = await count('telemetry_rollups_5m', 'bucket', Number.MAX_SAFE_INTEGER);
    expect(fine).toBeGreaterThan(SMALL.deleteRows);
    await pieces.prune({ fineBefore: Number.MAX_SAFE_INTEGER, rollupsBefore: 0 });
    expect(await count('telemetry_rollups_5m', 'bucket', Number.MAX_SAFE_INTEGER)).toBe(0);
  });

  test('buckets without a point are passed over, not walked device by device', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-sparse-'));
    const sparse = await openStore({ dataDir: dir });
    try {
      const now = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 7 * MINUTE_MS;
      // Two minutes of points, ten hours apart, in an otherwise empty day.
      const points = [now - 12 * HOUR_MS + 2 * MINUTE_MS, now - 2 * HOUR_MS + 9 * MINUTE_MS].map((ts, i) => ({
        device_id: id(i),
        ts,
        cpu_usage: 40 + i,
      }));
      await sparse.db.insertInto('telemetry_points').values(points).execute();
      const real = telemetryStore(sparse.db, sparse.dialect);
      const rolled: string[] = [];
      const counting = {
        ...real,
        rollUp: (resolution: 'hour' | '5m', bucket: number) => {
          rolled.push(`${resolution} ${bucket}`);
          return real.rollUp(resolution, bucket);
        },
      };
      await telemetryHistory(counting, { graceMs: 0, now: () => now }).maintain();
      const bucketOf = (ts: number, width: number) => Math.floor(ts / width) * width;
      expect(rolled.sort()).toEqual(
        points
          .flatMap((p) => [`5m ${bucketOf(p.ts, FIVE_MINUTES_MS)}`, `hour ${bucketOf(p.ts, HOUR_MS)}`])
          .sort(),
      );
      const fine = await sparse.db
        .selectFrom('telemetry_rollups_5m')
        .select(['device_id', 'cpu_usage'])
        .execute();
      expect(fine.sort((a, b) => a.device_id.localeCompare(b.device_id))).toEqual(
        points.map((p) => ({ device_id: p.device_id, cpu_usage: p.cpu_usage })),
      );
    } finally {
      await sparse.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a bucket left half rolled up (the process ended) is finished by the next maintenance', async () => {
    const bucket = base + 2 * HOUR_MS;
    const points = [0, 1, 2].map((d) => ({ device_id: id(d), ts: bucket + d, cpu_usage: 10 + d }));
    await store.db.insertInto('telemetry_points').values(points).execute();
    // Only the first device's slice was written before the end.
    await store.db
      .insertInto('telemetry_rollups')
      .values({ device_id: id(0), bucket, samples: 1, cpu_usage: 10 })
      .execute();
    const now = bucket + HOUR_MS + 1;
    expect(bucket).toBeGreaterThanOrEqual(now - RAW_RETENTION_MS);
    await telemetryHistory(telemetryStore(store.db, store.dialect), {
      graceMs: 0,
      now: () => now,
    }).maintain();
    const rows = await store.db
      .selectFrom('telemetry_rollups')
      .select(['device_id', 'cpu_usage'])
      .where('bucket', '=', bucket)
      .orderBy('device_id')
      .execute();
    expect(rows).toEqual(points.map((p) => ({ device_id: p.device_id, cpu_usage: p.cpu_usage })));
  });
});
