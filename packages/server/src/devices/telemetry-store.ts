/**
 * SQL of a device's history: raw telemetry points, their 5-minute and hourly rollups, log lines, and their
 * pruning. Both rollups are averages of the raw points themselves (not of each other), so each equals the
 * raw data it summarises; the hourly one is made within the raw retention, while its points still exist.
 */
import { sql, type Insertable } from 'kysely';
import type { Db, DeviceLogsTable, TelemetryPointsTable } from '../db/schema.ts';
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
export interface MetricRow {
  device_id: string;
  ts: number;
  value: number;
}

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

export function telemetryStore(db: Db) {
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

    /** Device log lines are not pruned here: the Log app's expiry duration does it, in batches (logs/). */
    prune: async (limits: { pointsBefore: number; fineBefore: number; rollupsBefore: number }) => {
      await db.deleteFrom('telemetry_points').where('ts', '<', limits.pointsBefore).execute();
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
     * One metric of several devices at a resolution: (device, time, value) rows without nulls, in time order.
     * The device list is chunked so a large group stays under the parameter limits.
     */
    metricOf: async (
      resolution: Resolution,
      column: MetricColumn,
      /** null: every device (the fleet). */
      deviceIds: readonly string[] | null,
      from: number,
      to: number,
    ) => {
      const { table, time } = SERIES[resolution];
      const query = (ids: readonly string[] | null) => {
        let q = db
          .selectFrom(table)
          .select(['device_id', sql.ref<number>(time).as('ts'), sql.ref<number>(column).as('value')])
          .where(time, '>=', from)
          .where(time, '<=', to)
          .where(column, 'is not', null);
        if (ids) q = q.where('device_id', 'in', ids);
        return q.execute();
      };
      const parts =
        deviceIds === null
          ? [await query(null)]
          : await Promise.all(
              Array.from({ length: Math.ceil(deviceIds.length / 500) }, (_, i) =>
                query(deviceIds.slice(i * 500, i * 500 + 500)),
              ),
            );
      const rows = parts
        .flat()
        .map((r) => ({ device_id: r.device_id, ts: Number(r.ts), value: Number(r.value) }));
      return rows.sort((a, b) => a.ts - b.ts);
    },
  };
}

export type TelemetryStore = ReturnType<typeof telemetryStore>;
