/**
 * Statistics: a view's series and figures from the telemetry history at the resolution its range calls
 * for, and each user's saved views. An overview aggregates one indicator over a group or the fleet per
 * bucket; a comparison draws each device, and each group combined by the view's first aggregate.
 */
import {
  statisticsRanges,
  type LanguageCode,
  type SaveStatisticsView,
  type StatisticsPdfRequest,
  type StatisticsAggregate,
  type StatisticsQuery,
  type StatisticsResult,
  type StatisticsSeries,
  type StatisticsTarget,
  type StatisticsView,
} from '@edge/protocol';
import { type DeviceDirectory, type Resolution, type TelemetryService } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import { figuresOf, type Point } from './aggregate.ts';
import type { StatisticsStore } from './store.ts';
import { printPdf, reportHtml } from './pdf.ts';

/** Above this many devices an overview starts at 5-minute buckets: raw points of a fleet are millions of rows. */
const RAW_OVERVIEW_MAX_DEVICES = 100;

export function statisticsService(deps: {
  telemetry: TelemetryService;
  devices: DeviceDirectory;
  store: StatisticsStore;
  now?: () => number;
}) {
  const { telemetry, devices, store } = deps;
  const now = deps.now ?? Date.now;

  const idsOfGroup = async (groupId: number): Promise<string[]> => {
    if (!(await devices.groups.get(groupId))) throw fail(404, 'notFound');
    const ids: string[] = [];
    for (const device of devices.scan()) if (device.record.groupId === groupId) ids.push(device.record.id);
    return ids;
  };

  /** Each aggregate's points from the database's per-bucket rows. */
  const pointsOf = <A extends StatisticsAggregate>(
    rows: ({ ts: number } & Record<A, number>)[],
    a: A,
  ): Point[] => rows.map((row) => [row.ts, row[a]]);

  async function overview(view: StatisticsView, range: { from: number; to: number }, resolution: Resolution) {
    const ids = view.groupId === null ? null : await idsOfGroup(view.groupId);
    const counts = devices.counts();
    const count = ids?.length ?? counts.numOnline + counts.numOffline;
    if (resolution === 'raw' && count > RAW_OVERVIEW_MAX_DEVICES) resolution = '5m';
    const rows = await telemetry.aggregate(resolution, view.indicator, ids, range, view.aggregates);
    const series = view.aggregates.map((a) => ({ key: a, label: '', points: pointsOf(rows, a) }));
    return { resolution, devices: count, series };
  }

  async function seriesOf(
    target: StatisticsTarget,
    view: StatisticsView,
    range: { from: number; to: number },
    resolution: Resolution,
  ): Promise<StatisticsSeries> {
    if (target.type === 'device') {
      const device = devices.get(target.id);
      if (!device) throw fail(404, 'deviceNotFound');
      const rows = await telemetry.aggregate(resolution, view.indicator, [device.id], range, ['avg']);
      return {
        key: `device:${device.id}`,
        label: device.name || device.serial,
        points: pointsOf(rows, 'avg'),
      };
    }
    const group = await devices.groups.get(target.id);
    if (!group) throw fail(404, 'notFound');
    const combine = view.aggregates[0]!;
    const ids = await idsOfGroup(target.id);
    const rows = await telemetry.aggregate(resolution, view.indicator, ids, range, [combine]);
    return { key: `group:${target.id}`, label: group.name, points: pointsOf(rows, combine) };
  }

  return {
    async query(query: StatisticsQuery & { view: StatisticsView }): Promise<StatisticsResult> {
      const { view } = query;
      const to = query.to ?? now();
      const range = { from: to - statisticsRanges[view.range], to };
      let result: { resolution: Resolution; devices: number; series: StatisticsSeries[] };
      const resolution = telemetry.resolutionFor(range);
      if (view.mode === 'overview') result = await overview(view, range, resolution);
      else {
        const series = await Promise.all(view.targets.map((t) => seriesOf(t, view, range, resolution)));
        result = { resolution, devices: series.length, series };
      }
      return {
        ...result,
        ...range,
        figures: result.series.map((s) => figuresOf(s.key, s.label, s.points)),
      };
    },

    /** The view as a PDF in the reader's words; 503 while other documents are being printed. */
    async pdf(
      request: StatisticsPdfRequest & { lang: LanguageCode; query: { view: StatisticsView } },
    ): Promise<Buffer> {
      const result = await this.query(request.query);
      const pdf = await printPdf(await reportHtml(request, result));
      if (!pdf) throw fail(503, 'statisticsPdfBusy');
      return pdf;
    },

    views: async (userId: number) => ({ list: await store.list(userId) }),

    saveView: (userId: number, request: SaveStatisticsView & { config: StatisticsView }) =>
      store.save(userId, request.name.trim(), request.config, now()),

    async deleteView(userId: number, id: number) {
      if (!(await store.remove(userId, id))) throw fail(404, 'statisticsViewNotFound');
      return {};
    },
  };
}

export type StatisticsService = ReturnType<typeof statisticsService>;
