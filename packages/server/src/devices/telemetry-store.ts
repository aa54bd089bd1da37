/** SQL of a device's history: telemetry points, hourly rollups, log lines, and their pruning. */
import { sql, type Insertable } from 'kysely';
import type { Db, DeviceLogsTable, TelemetryPointsTable } from '../db/schema.ts';
import { METRIC_COLUMNS } from './metrics.ts';
import { inChunks } from '../lib/chunks.ts';

export const HOUR_MS = 3_600_000;
/** Rows per multi-row INSERT: large enough to amortise the round trip, small enough for parameter limits. */
const INSERT_CHUNK = 256;

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

    insertLogs: (rows: Insertable<DeviceLogsTable>[]) =>
      inChunks(rows, INSERT_CHUNK, (chunk) => db.insertInto('device_logs').values(chunk).execute()),

    /** Averages the points of one hour into rollups; running it twice gives the same rows. */
    rollUpHour: (bucket: number) =>
      db
        .insertInto('telemetry_rollups')
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
            .where('ts', '<', bucket + HOUR_MS)
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

    latestRollup: async () =>
      (
        await db
          .selectFrom('telemetry_rollups')
          .select((eb) => eb.fn.max('bucket').as('bucket'))
          .executeTakeFirst()
      )?.bucket ?? null,

    /** Device log lines are not pruned here: the Log app's expiry duration does it, in batches (logs/). */
    prune: async (limits: { pointsBefore: number; rollupsBefore: number }) => {
      await db.deleteFrom('telemetry_points').where('ts', '<', limits.pointsBefore).execute();
      await db.deleteFrom('telemetry_rollups').where('bucket', '<', limits.rollupsBefore).execute();
    },

    points: (deviceId: string, from: number, to: number) =>
      db
        .selectFrom('telemetry_points')
        .select(['ts', ...METRIC_COLUMNS])
        .where('device_id', '=', deviceId)
        .where('ts', '>=', from)
        .where('ts', '<=', to)
        .orderBy('ts')
        .execute(),

    rollups: (deviceId: string, from: number, to: number) =>
      db
        .selectFrom('telemetry_rollups')
        .select(['bucket as ts', ...METRIC_COLUMNS])
        .where('device_id', '=', deviceId)
        .where('bucket', '>=', from)
        .where('bucket', '<=', to)
        .orderBy('bucket')
        .execute(),
  };
}

export type TelemetryStore = ReturnType<typeof telemetryStore>;
