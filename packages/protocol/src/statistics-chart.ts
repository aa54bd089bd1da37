/**
 * A Statistics result as an ECharts option (time axis, one line per series, gaps where nothing was
 * reported) and the figures' number format: the same for the page (web) and its PDF (server). Plain data,
 * so neither side's chart types are needed here; the series' names come translated from the caller.
 */
import type { StatisticsResult } from './statistics.ts';

export const SERIES_COLORS = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#faad14',
  '#2f54eb',
  '#a0d911',
  '#f5222d',
];

/** A figure with at most two decimals and its unit; a dash for no value. */
export function figureText(value: number | null, unit: string): string {
  if (value === null) return '–';
  const rounded = Math.round(value * 100) / 100;
  return unit ? `${rounded} ${unit}` : String(rounded);
}

export function statisticsChartOption(
  result: StatisticsResult,
  nameOf: (key: string, label: string) => string,
  unit: string,
) {
  return {
    color: SERIES_COLORS,
    animation: false,
    tooltip: { trigger: 'axis' as const },
    legend: { type: 'plain' as const, top: 0 },
    grid: { left: 56, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'time' as const, min: result.from, max: result.to },
    yAxis: { type: 'value' as const, name: unit, scale: true },
    series: result.series.map((s) => ({
      type: 'line' as const,
      name: nameOf(s.key, s.label),
      showSymbol: s.points.length < 40,
      connectNulls: false,
      data: s.points,
    })),
  };
}
