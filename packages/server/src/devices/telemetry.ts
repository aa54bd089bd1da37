/**
 * The telemetry series: raw points kept RAW_RETENTION_MS (1 day), hourly rollups kept ROLLUP_RETENTION_MS
 * (1 month); device log lines are the Log app's (logs/, its expiry duration). Rolling up and pruning run on a timer; both are
 * idempotent, so two console replicas doing them twice do no harm.
 */
import { METRICS } from './metrics.ts';
import { HOUR_MS, type TelemetryStore } from './telemetry-store.ts';

export const RAW_RETENTION_MS = 24 * HOUR_MS;
export const ROLLUP_RETENTION_MS = 31 * 24 * HOUR_MS;

/** One point of a series: `ts` plus every metric by its API name (null when the device had no value). */
export type TelemetryPoint = { ts: number } & Record<string, number | null>;

export interface TelemetryHistory {
  resolution: 'raw' | 'hour';
  points: TelemetryPoint[];
}

export function telemetryHistory(store: TelemetryStore, opts: { graceMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;

  const toPoint = (row: { ts: number } & Record<string, unknown>): TelemetryPoint => {
    const point: TelemetryPoint = { ts: Number(row.ts) };
    for (const m of METRICS)
      point[m.name] = row[m.column] === null || row[m.column] === undefined ? null : Number(row[m.column]);
    return point;
  };

  return {
    /** Raw points when the range lies within the raw retention, hourly averages otherwise. */
    async history(deviceId: string, range: { from: number; to: number }): Promise<TelemetryHistory> {
      if (range.from >= now() - RAW_RETENTION_MS) {
        return {
          resolution: 'raw',
          points: (await store.points(deviceId, range.from, range.to)).map(toPoint),
        };
      }
      return {
        resolution: 'hour',
        points: (await store.rollups(deviceId, range.from, range.to)).map(toPoint),
      };
    },

    /**
     * Rolls up every finished hour not rolled up yet (waiting graceMs for late points), then prunes. Where
     * it got to is read from the store each time: the replica that ran the previous occurrence may be another.
     */
    async maintain(): Promise<void> {
      const t = now();
      const latest = await store.latestRollup();
      let nextBucket =
        latest !== null ? latest + HOUR_MS : Math.floor((t - RAW_RETENTION_MS) / HOUR_MS) * HOUR_MS;
      while (nextBucket + HOUR_MS + opts.graceMs <= t) {
        await store.rollUpHour(nextBucket);
        nextBucket += HOUR_MS;
      }
      await store.prune({
        pointsBefore: t - RAW_RETENTION_MS,
        rollupsBefore: t - ROLLUP_RETENTION_MS,
      });
    },
  };
}
