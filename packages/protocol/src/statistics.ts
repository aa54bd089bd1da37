/**
 * Statistics (issue 18, SPEC 2): a view of one indicator from the telemetry history, either as an overview
 * (one indicator over a group or the fleet: sum, average, percentiles per time bucket) or as a comparison
 * (several devices or groups on one chart). A view is saved by name per user and reopened.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';

export const STATISTICS_API = '/api/v1/statistics';

/** Indicators: the telemetry series' metrics by their API name (server devices/metrics.ts). */
export const statisticsIndicators = [
  'cpuUsage',
  'memoryUsage',
  'diskUsage',
  'cpuTemp',
  'fanSpeed',
  'clients',
  'signalRsrp',
  'signalRsrq',
  'signalSnr',
  'uptime',
  'ethernetRxMbps',
  'ethernetTxMbps',
  'wifiRxMbps',
  'wifiTxMbps',
  'cellularRxMbps',
  'cellularTxMbps',
  'controlPlaneRxMbps',
  'controlPlaneTxMbps',
  'dataPlaneRxMbps',
  'dataPlaneTxMbps',
] as const;
export type StatisticsIndicator = (typeof statisticsIndicators)[number];

export const indicatorUnits: Record<StatisticsIndicator, string> = {
  cpuUsage: '%',
  memoryUsage: '%',
  diskUsage: '%',
  cpuTemp: '°C',
  fanSpeed: 'RPM',
  clients: '',
  signalRsrp: 'dBm',
  signalRsrq: 'dB',
  signalSnr: 'dB',
  uptime: 's',
  ethernetRxMbps: 'Mbps',
  ethernetTxMbps: 'Mbps',
  wifiRxMbps: 'Mbps',
  wifiTxMbps: 'Mbps',
  cellularRxMbps: 'Mbps',
  cellularTxMbps: 'Mbps',
  controlPlaneRxMbps: 'Mbps',
  controlPlaneTxMbps: 'Mbps',
  dataPlaneRxMbps: 'Mbps',
  dataPlaneTxMbps: 'Mbps',
};

/** What an overview computes per time bucket over the devices in scope (percentiles by nearest rank). */
export const statisticsAggregates = ['sum', 'avg', 'min', 'max', 'p50', 'p90', 'p95', 'p99'] as const;
export type StatisticsAggregate = (typeof statisticsAggregates)[number];

const HOUR = 3_600_000;
/** The time ranges offered, ending now (or at `to`). */
export const statisticsRanges = {
  '1h': HOUR,
  '6h': 6 * HOUR,
  '24h': 24 * HOUR,
  '7d': 168 * HOUR,
  '30d': 720 * HOUR,
  '365d': 8760 * HOUR,
} as const;
export type StatisticsRange = keyof typeof statisticsRanges;

export const statisticsModes = ['overview', 'comparison'] as const;
/** Series one comparison draws at most. */
export const STATISTICS_TARGETS_MAX = 20;
export const STATISTICS_VIEW_NAME_MAX = 64;

export const statisticsTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('device'), id: z.string().min(1).max(64) }),
  z.object({ type: z.literal('group'), id: z.number().int().positive() }),
]);
export type StatisticsTarget = z.infer<typeof statisticsTarget>;

/** The configuration of a view: what is saved by name. */
export const statisticsView = z
  .object({
    mode: z.enum(statisticsModes),
    indicator: z.enum(statisticsIndicators),
    range: z.enum(Object.keys(statisticsRanges) as [StatisticsRange, ...StatisticsRange[]]),
    /** Overview: the figures drawn; comparison: the first one combines a group's devices. */
    aggregates: z
      .array(z.enum(statisticsAggregates))
      .min(1)
      .max(statisticsAggregates.length)
      .default(['avg']),
    /** Overview's scope: a group, or null for the whole fleet. */
    groupId: z.number().int().positive().nullable().default(null),
    /** Comparison's series. */
    targets: z.array(statisticsTarget).max(STATISTICS_TARGETS_MAX, messages.statisticsTargetsMax).default([]),
  })
  .refine((v) => v.mode === 'overview' || v.targets.length > 0, {
    message: messages.statisticsTargetsRequired,
    path: ['targets'],
  });
export type StatisticsView = z.infer<typeof statisticsView>;

/** A query: a view, ending at `to` (default now). */
export const statisticsQuery = z.object({ view: statisticsView, to: z.number().int().positive().optional() });
export type StatisticsQuery = z.input<typeof statisticsQuery>;

export const statisticsResolutions = ['raw', '5m', 'hour'] as const;

export const statisticsSeries = z.object({
  /** An aggregate (overview) or `device:<id>` / `group:<id>` (comparison). */
  key: z.string(),
  /** A device's or group's name; empty for an aggregate (the reader's language names it). */
  label: z.string(),
  /** [time (epoch ms, the bucket's start), value] in time order; null where nothing was reported. */
  points: z.array(z.tuple([z.number(), z.number().nullable()])),
});
export type StatisticsSeries = z.infer<typeof statisticsSeries>;

/** The table of figures: one row per series over the whole range. */
export const statisticsFigure = z.object({
  key: z.string(),
  label: z.string(),
  min: z.number().nullable(),
  avg: z.number().nullable(),
  max: z.number().nullable(),
  last: z.number().nullable(),
  samples: z.number().int(),
});
export type StatisticsFigure = z.infer<typeof statisticsFigure>;

export const statisticsResult = z.object({
  resolution: z.enum(statisticsResolutions),
  from: z.number(),
  to: z.number(),
  /** Devices the overview covered. */
  devices: z.number().int(),
  series: z.array(statisticsSeries),
  figures: z.array(statisticsFigure),
});
export type StatisticsResult = z.infer<typeof statisticsResult>;

export const savedStatisticsView = z.object({
  id: z.number().int(),
  name: z.string(),
  config: statisticsView,
  updatedAt: z.number(),
});
export type SavedStatisticsView = z.infer<typeof savedStatisticsView>;

export const saveStatisticsView = z.object({
  name: z
    .string({ error: messages.statisticsViewNameEmpty })
    .trim()
    .min(1, messages.statisticsViewNameEmpty)
    .max(STATISTICS_VIEW_NAME_MAX, messages.statisticsViewNameLength),
  config: statisticsView,
});
export type SaveStatisticsView = z.input<typeof saveStatisticsView>;

export const statisticsViewsResponse = z.object({ list: z.array(savedStatisticsView) });

const label = z.string().max(256);
/**
 * The PDF of a view: the view asked again on the server, with the words the reader's screen shows (its
 * language), so the document reads as the page does, right to left in Arabic.
 */
export const statisticsPdfRequest = z.object({
  query: statisticsQuery,
  lang: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]),
  texts: z.object({
    title: label,
    indicator: label,
    /** [label, value] pairs printed under the title: mode, range, resolution, generated. */
    facts: z.array(z.tuple([label, label])).max(8),
    columns: z.object({ series: label, min: label, avg: label, max: label, last: label, samples: label }),
    /** Series key -> its name in the reader's language. */
    names: z.record(z.string().max(128), label),
  }),
});
export type StatisticsPdfRequest = z.input<typeof statisticsPdfRequest>;
