/**
 * Averages each device's samples in memory and writes one point per device per window, in multi-row
 * inserts. At 10,000 devices and 30 s reports that is 10,000 rows a minute in a few statements, instead of
 * a database round trip per message.
 */
import type { Insertable } from 'kysely';
import type { TelemetryPointsTable } from '../db/schema.ts';
import { METRIC_COLUMNS, type MetricColumn, type Sample } from './metrics.ts';
import type { TelemetryStore } from './telemetry-store.ts';

interface Accumulator {
  sums: Partial<Record<MetricColumn, number>>;
  counts: Partial<Record<MetricColumn, number>>;
}

export function telemetrySampler(store: TelemetryStore, now: () => number = Date.now) {
  let windows = new Map<string, Accumulator>();

  return {
    add(deviceId: string, sample: Sample): void {
      let acc = windows.get(deviceId);
      if (!acc) windows.set(deviceId, (acc = { sums: {}, counts: {} }));
      for (const column of METRIC_COLUMNS) {
        const value = sample[column];
        if (value === undefined) continue;
        acc.sums[column] = (acc.sums[column] ?? 0) + value;
        acc.counts[column] = (acc.counts[column] ?? 0) + 1;
      }
    },

    forget(deviceId: string): void {
      windows.delete(deviceId);
    },

    /** Closes the current window: one averaged point per device that reported in it. */
    async flush(): Promise<number> {
      const closed = windows;
      windows = new Map();
      const ts = now();
      const rows: Insertable<TelemetryPointsTable>[] = [];
      for (const [deviceId, acc] of closed) {
        const row: Insertable<TelemetryPointsTable> = { device_id: deviceId, ts };
        for (const column of METRIC_COLUMNS) {
          const n = acc.counts[column];
          row[column] = n ? acc.sums[column]! / n : null;
        }
        rows.push(row);
      }
      await store.insertPoints(rows);
      return rows.length;
    },
  };
}

export type TelemetrySampler = ReturnType<typeof telemetrySampler>;
