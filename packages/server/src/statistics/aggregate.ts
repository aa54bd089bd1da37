/**
 * The figures of a series over its whole range (the table under the chart), and the nearest-rank
 * percentile the database computes per bucket (telemetry-store.ts aggregateQuery) stated in code for the
 * tests to compare with. Pure, so the rule is tested on its own.
 */
import type { StatisticsFigure } from '@edge/protocol';

export type Point = [number, number | null];

/** The nearest-rank percentile of sorted values: the smallest value with at least p % at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
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
