/**
 * SQL of a device's history: raw telemetry points, their 5-minute and hourly rollups, log lines, and their
 * pruning. Both rollups are averages of the raw points themselves (not of each other), so each equals the
 * raw data it summarises; the hourly one is made within the raw retention, while its points still exist.
 */
import { sql, type Insertable } from 'kysely';
import type { StatisticsAggregate } from '@edge/protocol';
import type { Db, DeviceLogsTable, Dialect, TelemetryPointsTable } from '../db/schema.ts';
import { METRIC_COLUMNS, type MetricColumn } from './metrics.ts';
import { inChunks } from '../lib/chunks.ts';
import { ownTurn } from '../lib/own-turn.ts';
import { insertLogLines } from '../logs/store.ts';

export const MINUTE_MS = 60_000;
export const FIVE_MINUTES_MS = 5 * MINUTE_MS;
export const HOUR_MS = 3_600_000;
/** Rows per multi-row INSERT: large enough to amortise the round trip, small enough for parameter limits. */
const INSERT_CHUNK = 256;

export type Resolution = 'raw' | '5m' | 'hour';
export type RollupResolution = Exclude<Resolution, 'raw'>;

/** Where each resolution is kept: its table, its time column and the width of one bucket. */
export const SERIES = {
  raw: { table: 'telemetry_points', time: 'ts', widthMs: MINUTE_MS },
  '5m': { table: 'telemetry_rollups_5m', time: 'bucket', widthMs: FIVE_MINUTES_MS },
  hour: { table: 'telemetry_rollups', time: 'bucket', widthMs: HOUR_MS },
} as const;

/** The width of one point or bucket per resolution (a raw point is one sampling window). */
export const SERIES_WIDTH_MS: Record<Resolution, number> = {
  raw: SERIES.raw.widthMs,
  '5m': SERIES['5m'].widthMs,
  hour: SERIES.hour.widthMs,
};

/**
 * SQLite's driver is synchronous: a statement holds the event loop for its whole run, and no HTTP request is
 * answered meanwhile. There the maintenance goes in pieces with a turn of the loop (ownTurn) between them:
 * - a bucket's rollup, a slice of devices at a time: `rollupRows` raw points per slice, so a slice is
 *   rollupRows / points-per-device devices (400 for a 5-minute bucket, 33 for an hour). The one-statement
 *   rollup of a 5-minute bucket of 10,000 devices (50,000 points) took 306 ms at the median on this 2-core
 *   machine at load 5-10, 1.4 s at load 13: 6 to 28 µs a point, so 2,000 points are 12 ms on a quiet-ish
 *   machine (6,000, tried first, stalled the loop 200 ms at the median at load 13).
 * - the deletes of retention, `deleteRows` rows a statement: a deleted raw point costs more than a read one
 *   (its row and two index entries), so half as many.
 * PostgreSQL's driver waits on the socket, so there each step stays one statement.
 */
export interface MaintenancePieces {
  rollupRows: number;
  deleteRows: number;
}
const SQLITE_PIECES: MaintenancePieces = { rollupRows: 2_000, deleteRows: 1_000 };

export function telemetryStore(db: Db, dialect: Dialect, pieces: MaintenancePieces = SQLITE_PIECES) {
  const inPieces = dialect !== 'postgres';

  /** The rollup of one bucket, of every device or (SQLite's slices) of the devices listed. */
  const rollUpStatement = (resolution: RollupResolution, bucket: number, deviceIds?: readonly string[]) =>
    db
      .insertInto(SERIES[resolution].table)
      .columns(['device_id', 'bucket', 'samples', ...METRIC_COLUMNS])
      .expression((eb) => {
        let points = eb
          .selectFrom('telemetry_points')
          .select((s) => [
            'device_id',
            sql<number>`cast(${bucket} as bigint)`.as('bucket'),
            s.fn.countAll<number>().as('samples'),
            ...METRIC_COLUMNS.map((m) => s.fn.avg<number>(m).as(m)),
          ])
          .where('ts', '>=', bucket)
          .where('ts', '<', bucket + SERIES[resolution].widthMs);
        // One parameter (a JSON list) whatever the slice's length, so the statement text stays the same;
        // the IN list drives the (device_id, ts) key: each device's points of the bucket are one range.
        if (deviceIds)
          points = points.where(
            'device_id',
            'in',
            sql<string>`(select value from json_each(${JSON.stringify(deviceIds)}))`,
          );
        return points.groupBy('device_id');
      })
      .onConflict((oc) =>
        oc
          .columns(['device_id', 'bucket'])
          .doUpdateSet((eb) =>
            Object.fromEntries(
              ['samples' as const, ...METRIC_COLUMNS].map((c) => [c, eb.ref(`excluded.${c}`)]),
            ),
          ),
      );

  /**
   * The next `count` devices after `after` (null: from the first) that have raw points, in key order, read
   * from the raw table's (device_id, ts) key one seek per device (a loose index scan): a device with points
   * but no devices row (its last points flushed after it was removed) is rolled up as the one statement did,
   * and a device removed meanwhile is only a name whose points are gone.
   */
  const devicesWithPoints = async (after: string | null, count: number): Promise<string[]> => {
    const next = (than: string | ReturnType<typeof sql.ref>) =>
      sql`(select device_id from telemetry_points where device_id > ${than} order by device_id limit 1)`;
    const first =
      after === null ? sql`(select device_id from telemetry_points order by device_id limit 1)` : next(after);
    const { rows } = await sql<{ id: string }>`with recursive ids(id, n) as (
        select ${first}, 1
        union all
        select ${next(sql.ref('ids.id'))}, n + 1 from ids where ids.id is not null and n < ${count})
      select id from ids where id is not null`.execute(db);
    return rows.map((r) => r.id);
  };

  /** SQLite: runs `remove` (a delete of at most `limit` rows; it returns how many went) until fewer went. */
  const deleteInPieces = async (remove: (limit: number) => Promise<bigint | number>) => {
    while (Number(await remove(pieces.deleteRows)) >= pieces.deleteRows) await ownTurn();
  };

  return {
    insertPoints: (rows: Insertable<TelemetryPointsTable>[]) =>
      inChunks(rows, INSERT_CHUNK, (chunk) =>
        db
          .insertInto('telemetry_points')
          .values(chunk)
          // Two replicas sampling the same device in the same millisecond: keep one.
          .onConflict((oc) => oc.columns(['device_id', 'ts']).doNothing())
          .execute(),
      ),

    insertLogs: (rows: Insertable<DeviceLogsTable>[]) => insertLogLines(db, rows),

    /**
     * Averages the raw points of one bucket into rollups; running it twice gives the same rows. On SQLite a
     * slice of devices at a time (MaintenancePieces), so a bucket interrupted half way (the process ended)
     * holds some devices' rows only: `rollsUpInPieces` tells the maintenance to roll the latest bucket again.
     */
    async rollUp(resolution: RollupResolution, bucket: number): Promise<void> {
      if (!inPieces) {
        await rollUpStatement(resolution, bucket).execute();
        return;
      }
      const pointsPerDevice = SERIES[resolution].widthMs / MINUTE_MS;
      const slice = Math.max(1, Math.floor(pieces.rollupRows / pointsPerDevice));
      for (let after: string | null = null; ;) {
        const ids = await devicesWithPoints(after, slice);
        if (ids.length > 0) await rollUpStatement(resolution, bucket, ids).execute();
        if (ids.length < slice) return;
        after = ids.at(-1)!;
        await ownTurn();
      }
    },

    rollsUpInPieces: inPieces,

    /** The time of the earliest raw point at or after `from` (the time index: one seek), null when none. */
    firstPointFrom: async (from: number): Promise<number | null> => {
      const row = await db
        .selectFrom('telemetry_points')
        .select((eb) => eb.fn.min('ts').as('ts'))
        .where('ts', '>=', from)
        .executeTakeFirst();
      return row?.ts === null || row?.ts === undefined ? null : Number(row.ts);
    },

    latestRollup: async (resolution: RollupResolution) =>
      (
        await db
          .selectFrom(SERIES[resolution].table)
          .select((eb) => eb.fn.max('bucket').as('bucket'))
          .executeTakeFirst()
      )?.bucket ?? null,

    /** The rollups past their retention (raw points: prunePoints). Device log lines are not pruned here: the Log app's expiry duration does it, in batches (logs/). */
    prune: async (limits: { fineBefore: number; rollupsBefore: number }) => {
      for (const [table, before] of [
        ['telemetry_rollups_5m', limits.fineBefore],
        ['telemetry_rollups', limits.rollupsBefore],
      ] as const) {
        if (!inPieces) {
          await db.deleteFrom(table).where('bucket', '<', before).execute();
          continue;
        }
        // WITHOUT ROWID tables: a batch is picked by its keys, through the bucket index.
        await deleteInPieces(
          async (limit) =>
            (
              await sql`delete from ${sql.table(table)} where (device_id, bucket) in
                (select device_id, bucket from ${sql.table(table)} where bucket < ${before} limit ${limit})`.execute(
                db,
              )
            ).numAffectedRows ?? 0n,
        );
      }
    },

    /**
     * PostgreSQL: vacuums the rollup tables, which marks the pages written since the last time all-visible,
     * so a device's range is read from the covering key alone (migration 0036) instead of a heap page per
     * bucket; it also frees what pruning deleted. Insert-only pages are all autovacuum would wait for, and on
     * a year of rollups it waits for a fifth of the table to be new. Pages marked before are skipped.
     */
    async tidyRollups(): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`vacuum (skip_locked) telemetry_rollups_5m, telemetry_rollups`.execute(db);
    },

    /** One device's rows at a resolution, every metric, `ts` the point's time or the bucket's start. */
    series: (resolution: Resolution, deviceId: string, from: number, to: number) => {
      const { table, time } = SERIES[resolution];
      return db
        .selectFrom(table)
        .select([sql.ref<number>(time).as('ts'), ...METRIC_COLUMNS])
        .where('device_id', '=', deviceId)
        .where(time, '>=', from)
        .where(time, '<=', to)
        .orderBy(time)
        .execute();
    },

    /**
     * One metric over devices per bucket of the resolution, aggregated in SQL: each device's average in the
     * bucket first (a device weighs once even with two raw points of two replicas in one minute), then the
     * figures asked over the devices; percentiles by nearest rank (the smallest value with at least p % at
     * or below it). Buckets without a value are left out. The devices go as one parameter (a PostgreSQL
     * array, a JSON list on SQLite), so the planner reads each through the (device_id, time) key.
     */
    aggregate: async <A extends StatisticsAggregate>(
      resolution: Resolution,
      column: MetricColumn,
      /** null: every device (the fleet). */
      deviceIds: readonly string[] | null,
      from: number,
      to: number,
      aggregates: readonly A[],
    ): Promise<({ ts: number } & Record<A, number>)[]> => {
      if (deviceIds?.length === 0) return [];
      const { rows } = await aggregateQuery(
        dialect,
        resolution,
        column,
        deviceIds,
        from,
        to,
        aggregates,
      ).execute(db);
      return rows.map((row) => {
        const out = { ts: Number(row.ts) } as { ts: number } & Record<A, number>;
        for (const a of aggregates) (out as Record<string, number>)[a] = Number(row[a]);
        return out;
      });
    },

    /**
     * PostgreSQL keeps raw points in day partitions (migration 0033): makes the partitions of the days from
     * `from` to `until` that are missing (rows of those days already in the default partition move into
     * them), so inserts land in a day's own table.
     */
    async ensurePartitions(from: number, until: number): Promise<void> {
      if (dialect !== 'postgres') return;
      const have = new Set((await rawPartitions(db)).map((p) => p.day));
      for (let day = Math.floor(from / DAY_MS) * DAY_MS; day <= until; day += DAY_MS) {
        if (have.has(day)) continue;
        const name = sql.id(partitionName(day));
        await db.transaction().execute(async (tx) => {
          await sql`create table ${name} (like telemetry_points including defaults)`.execute(tx);
          await sql`with moved as (delete from telemetry_points_default where ts >= ${day} and ts < ${day + DAY_MS} returning *)
            insert into ${name} select * from moved`.execute(tx);
          await sql`alter table telemetry_points attach partition ${name}
            for values from (${sql.lit(day)}) to (${sql.lit(day + DAY_MS)})`.execute(tx);
        });
      }
    },

    /**
     * Retention of raw points: on PostgreSQL the day partitions wholly before `before` are dropped (no row
     * by row delete, no dead rows to vacuum), so a point stays until its whole day is past the retention;
     * on SQLite the rows before it are deleted, in batches (MaintenancePieces).
     */
    async prunePoints(before: number): Promise<void> {
      if (inPieces) {
        await deleteInPieces(
          async (limit) =>
            (
              await sql`delete from telemetry_points where rowid in
                (select rowid from telemetry_points where ts < ${before} limit ${limit})`.execute(db)
            ).numAffectedRows ?? 0n,
        );
        return;
      }
      for (const { day, name } of await rawPartitions(db))
        if (day + DAY_MS <= before) await sql`drop table ${sql.id(name)}`.execute(db);
      await sql`delete from telemetry_points_default where ts < ${before}`.execute(db);
    },
  };
}

const DAY_MS = 24 * HOUR_MS;
const PARTITION_PREFIX = 'telemetry_points_d';
/** A day's partition of the raw points: telemetry_points_dYYYYMMDD (UTC). */
export const partitionName = (day: number) =>
  PARTITION_PREFIX + new Date(day).toISOString().slice(0, 10).replaceAll('-', '');

/** The day partitions of telemetry_points that exist (PostgreSQL), by the day they hold. */
export async function rawPartitions(db: Db): Promise<{ day: number; name: string }[]> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'telemetry_points' and p.relnamespace = current_schema()::regnamespace`.execute(db);
  return rows.flatMap(({ name }) => {
    const m = /^telemetry_points_d(\d{4})(\d{2})(\d{2})$/.exec(name);
    return m ? [{ day: Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])), name }] : [];
  });
}

/** The SQL of `aggregate` (kept apart so the tests can EXPLAIN it). */
export function aggregateQuery(
  dialect: Dialect,
  resolution: Resolution,
  column: MetricColumn,
  deviceIds: readonly string[] | null,
  from: number,
  to: number,
  aggregates: readonly StatisticsAggregate[],
) {
  const { table, time, widthMs } = SERIES[resolution];
  const t = sql.ref(time);
  const value = sql.ref(column);
  const ids = deviceIds && [...new Set(deviceIds)];
  // SQLite: the devices drive the loop (CROSS JOIN keeps that order), each searched by its key. The whole
  // fleet too: through the time index every row of a WITHOUT ROWID rollup costs a second search of the key
  // (a fleet's four hours at 5 minutes took 10 s at 10,000 devices), while a device's range is contiguous.
  const source =
    dialect === 'postgres'
      ? sql.table(table)
      : ids !== null
        ? sql`json_each(${JSON.stringify(ids)}) as wanted cross join ${sql.table(table)}`
        : sql`devices as wanted cross join ${sql.table(table)}`;
  const devices =
    dialect === 'postgres'
      ? ids === null
        ? sql``
        : sql`and device_id = any(${ids}::text[])`
      : ids === null
        ? sql`and device_id = wanted.id`
        : sql`and device_id = wanted.value`;
  const where = sql`where ${t} >= ${from} and ${t} <= ${to} and ${value} is not null ${devices}`;
  // A rollup holds one row per device and bucket already; raw points are averaged per device and minute.
  const perDevice =
    resolution === 'raw'
      ? sql`select device_id, (${t} / ${sql.lit(widthMs)}) * ${sql.lit(widthMs)} as bucket, avg(${value}) as value
          from ${source} ${where} group by device_id, (${t} / ${sql.lit(widthMs)})`
      : sql`select ${t} as bucket, ${value} as value from ${source} ${where}`;
  const figure = (a: StatisticsAggregate) => {
    if (a === 'sum' || a === 'avg' || a === 'min' || a === 'max') return sql`${sql.raw(a)}(value)`;
    // Nearest rank: ceil(p * n / 100) in integers.
    const p = sql.lit(Number(a.slice(1)));
    return sql`max(case when rn = (${p} * n + 99) / 100 then value end)`;
  };
  const figures = sql.join(aggregates.map((a) => sql`${figure(a)} as ${sql.id(a)}`));
  const ranked = aggregates.some((a) => a.startsWith('p'))
    ? sql`(select bucket, value, row_number() over (partition by bucket order by value) as rn,
          count(*) over (partition by bucket) as n from (${perDevice}) d)`
    : sql`(${perDevice})`;
  return sql<{ ts: number | string } & Record<string, number | string | null>>`
    select bucket as ts, ${figures} from ${ranked} r group by bucket order by bucket`;
}

export type TelemetryStore = ReturnType<typeof telemetryStore>;
