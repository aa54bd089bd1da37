/**
 * Figures over time buckets, computed from (device, time, value) rows: per bucket the sum, average,
 * minimum, maximum and percentiles (nearest rank) over the devices that reported in it; and per series
 * the figures of the whole range for the table. Pure, so the rule is tested on its own.
 */
import type { StatisticsAggregate, StatisticsFigure } from '@edge/protocol';

export type Point = [number, number | null];

/** The nearest-rank percentile of sorted values: the smallest value with at least p % at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

function figure(values: number[], aggregate: StatisticsAggregate): number {
  switch (aggregate) {
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'min':
      return values[0]!;
    case 'max':
      return values[values.length - 1]!;
    default:
      return percentile(values, Number(aggregate.slice(1)));
  }
}

/**
 * Rows -> one series per aggregate, a point per bucket of `widthMs` that has values. A device reporting
 * twice in one bucket (raw points of two replicas) counts with its average, so each device weighs once.
 */
export function aggregateByBucket(
  rows: Iterable<{ device_id: string; ts: number; value: number }>,
  widthMs: number,
  aggregates: readonly StatisticsAggregate[],
): Record<string, Point[]> {
  const buckets = new Map<number, Map<string, { sum: number; n: number }>>();
  for (const row of rows) {
    const bucket = Math.floor(row.ts / widthMs) * widthMs;
    let devices = buckets.get(bucket);
    if (!devices) buckets.set(bucket, (devices = new Map()));
    const acc = devices.get(row.device_id);
    if (acc) {
      acc.sum += row.value;
      acc.n++;
    } else devices.set(row.device_id, { sum: row.value, n: 1 });
  }
  const series: Record<string, Point[]> = Object.fromEntries(aggregates.map((a) => [a, []]));
  for (const bucket of [...buckets.keys()].sort((a, b) => a - b)) {
    const values = [...buckets.get(bucket)!.values()].map((d) => d.sum / d.n).sort((a, b) => a - b);
    for (const a of aggregates) series[a]!.push([bucket, figure(values, a)]);
  }
  return series;
}

/** Minimum, average, maximum and last value of a series over the whole range. */
export function figuresOf(key: string, label: string, points: readonly Point[]): StatisticsFigure {
  const values = points.map((p) => p[1]).filter((v): v is number => v !== null);
  if (!values.length) return { key, label, min: null, avg: null, max: null, last: null, samples: 0 };
  return {
    key,
    label,
    min: Math.min(...values),
    avg: values.reduce((a, b) => a + b, 0) / values.length,
    max: Math.max(...values),
    last: values[values.length - 1]!,
    samples: values.length,
  };
}
