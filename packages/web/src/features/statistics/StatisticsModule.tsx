/**
 * Statistics (SPEC 2): one indicator of the telemetry history, as an overview over a group or the fleet
 * (sum, average, percentiles) or as a comparison of devices and groups on one chart, over a time range
 * whose resolution the server chooses; the view saved by name and reopened; a table of its figures.
 */
import { useMemo, useState } from 'react';
import { Card, Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  indicatorUnits,
  statisticsAggregates,
  type SavedStatisticsView,
  type StatisticsView,
} from '@edge/protocol';
import { EChart } from '../../components/charts/EChart.tsx';
import type { TKey } from '../../i18n/keys.ts';
import { useStatistics } from './api.ts';
import { chartOption } from './chart.ts';
import { FiguresTable } from './FiguresTable.tsx';
import { SavedViews } from './SavedViews.tsx';
import { PdfButton } from './PdfButton.tsx';
import { ViewControls } from './ViewControls.tsx';
import '../../components/page.css';
import './statistics.css';

export const DEFAULT_VIEW: StatisticsView = {
  mode: 'overview',
  indicator: 'cpuUsage',
  range: '24h',
  aggregates: ['avg', 'p95'],
  groupId: null,
  targets: [],
};

const CHART_TEST_ID = 'statistics-chart';

/** Ready to ask: a comparison needs something to compare. */
const askable = (view: StatisticsView) => view.mode === 'overview' || view.targets.length > 0;

export default function StatisticsModule() {
  const { t } = useTranslation();
  const [view, setView] = useState<StatisticsView>(DEFAULT_VIEW);
  const [saved, setSaved] = useState<SavedStatisticsView | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const result = useStatistics(askable(view) ? { view } : null);
  const unit = indicatorUnits[view.indicator];

  const nameOf = (key: string, label: string) =>
    (statisticsAggregates as readonly string[]).includes(key)
      ? t(`statistics.aggregates.${key}` as TKey)
      : label;
  const data = askable(view) ? result.data : undefined;
  // nameOf reads only t: the option changes with the result and the language.
  const option = useMemo(() => data && chartOption(data, nameOf, unit), [data, unit, t]); // eslint-disable-line react-hooks/exhaustive-deps

  const open = (next: SavedStatisticsView | null) => {
    setSaved(next);
    if (next) setView(next.config);
  };

  return (
    <div className="settings-stack statistics-page">
      <Card title={t('apps.Statistics')} extra={<SavedViews view={view} current={saved} onOpen={open} />}>
        <ViewControls view={view} onChange={setView} names={names} onNames={setNames} />
      </Card>
      <Card
        extra={data && <PdfButton view={view} result={data} nameOf={nameOf} />}
        title={
          <Space>
            {t(`statistics.indicators.${view.indicator}` as TKey)}
            {data && (
              <Tag data-testid="statistics-resolution">
                {t(`statistics.resolutions.${data.resolution}` as TKey)}
              </Tag>
            )}
          </Space>
        }
      >
        {!askable(view) ? (
          <Empty description={t('statistics.pickTargets')} />
        ) : data && option ? (
          <>
            <EChart
              option={option}
              height={360}
              label={t('statistics.chartLabel', {
                indicator: t(`statistics.indicators.${view.indicator}` as TKey),
              })}
              testId={CHART_TEST_ID}
            />
            <Typography.Paragraph
              type="secondary"
              className="statistics-covered"
              data-testid="statistics-devices-count"
            >
              {t('statistics.covered', { count: data.devices })}
            </Typography.Paragraph>
            <FiguresTable figures={data.figures} unit={unit} nameOf={nameOf} />
          </>
        ) : (
          <Empty description={result.isFetching ? t('statistics.loading') : t('statistics.noData')} />
        )}
      </Card>
    </div>
  );
}
