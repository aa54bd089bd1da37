/**
 * The telemetry series: raw points kept RAW_RETENTION_MS (1 day), 5-minute rollups FINE_RETENTION_MS
 * (1 month), hourly rollups ROLLUP_RETENTION_MS (1 year); device log lines are the Log app's (logs/, its
 * expiry duration). Rolling up and pruning run as a scheduler task; both are idempotent, so running twice
 * does no harm.
 */
import type { StatisticsAggregate } from '@edge/protocol';
import { METRICS, type MetricColumn } from './metrics.ts';
import {
  HOUR_MS,
  SERIES,
  type Resolution,
  type RollupResolution,
  type TelemetryStore,
} from './telemetry-store.ts';

const DAY_MS = 24 * HOUR_MS;
export const RAW_RETENTION_MS = DAY_MS;
export const FINE_RETENTION_MS = 31 * DAY_MS;
export const ROLLUP_RETENTION_MS = 366 * DAY_MS;
/** The longest range drawn from 5-minute rollups; longer ones are hourly. */
const FINE_SPAN_MAX_MS = 2 * DAY_MS;
/** Days ahead whose raw-point partitions (PostgreSQL) the maintenance task makes before they are needed. */
const PARTITION_DAYS_AHEAD = 2;

/** One point of a series: `ts` plus every metric by its API name (null when the device had no value). */
export type TelemetryPoint = { ts: number } & Record<string, number | null>;

export interface TelemetryHistory {
  resolution: Resolution;
  points: TelemetryPoint[];
}

/**
 * The coarsest resolution that still draws the range: raw when it lies within the raw retention and spans
 * at most 6 hours (360 points), 5-minute buckets when it lies within their retention and spans at most
 * 2 days (576 points), hourly for longer ranges (a week is 168 points, a year 8,760). A range reaching past
 * a retention takes the coarser table that still holds it.
 */
export function resolutionFor(range: { from: number; to: number }, now: number): Resolution {
  const span = range.to - range.from;
  if (range.from >= now - RAW_RETENTION_MS && span <= 6 * HOUR_MS) return 'raw';
  if (range.from >= now - FINE_RETENTION_MS && span <= FINE_SPAN_MAX_MS) return '5m';
  return 'hour';
}

const COLUMN_OF = new Map<string, MetricColumn>(METRICS.map((m) => [m.name, m.column]));

export function telemetryHistory(store: TelemetryStore, opts: { graceMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;

  const toPoint = (row: { ts: number } & Record<string, unknown>): TelemetryPoint => {
    const point: TelemetryPoint = { ts: Number(row.ts) };
    for (const m of METRICS)
      point[m.name] = row[m.column] === null || row[m.column] === undefined ? null : Number(row[m.column]);
    return point;
  };

  /**
   * Resolutions whose latest bucket may hold some devices' rollups only: a store that rolls up in pieces
   * (SQLite) may have been stopped half way through one, by the process ending (so at the first run) or by
   * an error (the run did not finish).
   */
  const unsure = new Set<RollupResolution>(store.rollsUpInPieces ? ['5m', 'hour'] : []);

  /** Rolls up every finished bucket not rolled up yet, waiting graceMs for late points. */
  const catchUp = async (resolution: RollupResolution, t: number) => {
    const width = SERIES[resolution].widthMs;
    const latest = await store.latestRollup(resolution);
    let next = latest !== null ? Number(latest) + width : Math.floor((t - RAW_RETENTION_MS) / width) * width;
    // Rolled again (it is idempotent) while all its points are still kept, to finish an interrupted one.
    if (unsure.has(resolution) && latest !== null && Number(latest) >= t - RAW_RETENTION_MS)
      next = Number(latest);
    // Never behind the raw retention: the points of older buckets are gone.
    next = Math.max(next, Math.floor((t - RAW_RETENTION_MS) / width) * width);
    if (store.rollsUpInPieces) unsure.add(resolution);
    while (next + width + opts.graceMs <= t) {
      // Buckets without a point are passed over: a console started on an empty or thin history would
      // otherwise walk the whole fleet for each of a day's 288 buckets to write nothing.
      const first = await store.firstPointFrom(next);
      if (first === null) break;
      const bucket = Math.floor(first / width) * width;
      if (bucket > next) {
        next = bucket;
        continue;
      }
      await store.rollUp(resolution, next);
      next += width;
    }
    unsure.delete(resolution);
  };

  return {
    /** A device's series at the resolution its range calls for (resolutionFor) or the one asked for. */
    async history(
      deviceId: string,
      range: { from: number; to: number },
      resolution: Resolution = resolutionFor(range, now()),
    ): Promise<TelemetryHistory> {
      return {
        resolution,
        points: (await store.series(resolution, deviceId, range.from, range.to)).map(toPoint),
      };
    },

    /** One metric by its API name over devices, aggregated per bucket (store.aggregate); an unknown name has none. */
    async aggregate<A extends StatisticsAggregate>(
      resolution: Resolution,
      name: string,
      deviceIds: readonly string[] | null,
      range: { from: number; to: number },
      aggregates: readonly A[],
    ) {
      const column = COLUMN_OF.get(name);
      if (!column) return [];
      return store.aggregate(resolution, column, deviceIds, range.from, range.to, aggregates);
    },

    resolutionFor: (range: { from: number; to: number }) => resolutionFor(range, now()),

    /**
     * Makes the raw-point partitions of the coming days (PostgreSQL), rolls up (5-minute and hourly), then
     * prunes and vacuums the rollups (PostgreSQL). Where it got to is read from the store each time: the
     * replica that ran the previous occurrence may be another.
     */
    async maintain(): Promise<void> {
      const t = now();
      await store.ensurePartitions(t - RAW_RETENTION_MS, t + PARTITION_DAYS_AHEAD * DAY_MS);
      await catchUp('5m', t);
      await catchUp('hour', t);
      await store.prunePoints(t - RAW_RETENTION_MS);
      await store.prune({
        fineBefore: t - FINE_RETENTION_MS,
        rollupsBefore: t - ROLLUP_RETENTION_MS,
      });
      await store.tidyRollups();
    },
  };
}
