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

export function telemetryStore(db: Db, dialect: Dialect) {
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

    /** Averages the raw points of one bucket into rollups; running it twice gives the same rows. */
    rollUp: (resolution: RollupResolution, bucket: number) =>
      db
        .insertInto(SERIES[resolution].table)
        .columns(['device_id', 'bucket', 'samples', ...METRIC_COLUMNS])
        .expression((eb) =>
          eb
            .selectFrom('telemetry_points')
            .select((s) => [
              'device_id',
              sql<number>`cast(${bucket} as bigint)`.as('bucket'),
              s.fn.countAll<number>().as('samples'),
              ...METRIC_COLUMNS.map((m) => s.fn.avg<number>(m).as(m)),
            ])
            .where('ts', '>=', bucket)
            .where('ts', '<', bucket + SERIES[resolution].widthMs)
            .groupBy('device_id'),
        )
        .onConflict((oc) =>
          oc
            .columns(['device_id', 'bucket'])
            .doUpdateSet((eb) =>
              Object.fromEntries(
                ['samples' as const, ...METRIC_COLUMNS].map((c) => [c, eb.ref(`excluded.${c}`)]),
              ),
            ),
        )
        .execute(),

    latestRollup: async (resolution: RollupResolution) =>
      (
        await db
          .selectFrom(SERIES[resolution].table)
          .select((eb) => eb.fn.max('bucket').as('bucket'))
          .executeTakeFirst()
      )?.bucket ?? null,

    /** The rollups past their retention (raw points: prunePoints). Device log lines are not pruned here: the Log app's expiry duration does it, in batches (logs/). */
    prune: async (limits: { fineBefore: number; rollupsBefore: number }) => {
      await db.deleteFrom('telemetry_rollups_5m').where('bucket', '<', limits.fineBefore).execute();
      await db.deleteFrom('telemetry_rollups').where('bucket', '<', limits.rollupsBefore).execute();
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
     * on SQLite the rows before it are deleted.
     */
    async prunePoints(before: number): Promise<void> {
      if (dialect !== 'postgres') {
        await db.deleteFrom('telemetry_points').where('ts', '<', before).execute();
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
  // SQLite: the wanted devices drive the loop (CROSS JOIN keeps that order), each searched by its key.
  const source =
    ids !== null && dialect === 'sqlite'
      ? sql`json_each(${JSON.stringify(ids)}) as wanted cross join ${sql.table(table)}`
      : sql.table(table);
  const devices =
    ids === null
      ? sql``
      : dialect === 'postgres'
        ? sql`and device_id = any(${ids}::text[])`
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
