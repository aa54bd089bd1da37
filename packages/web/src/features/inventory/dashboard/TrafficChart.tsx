/** A line chart of one interface kind's rx/tx (Mbps) over time, from the dashboard series plus live points. */
import { useMemo } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrafficPoint } from '@edge/protocol';
import { EChart, type ChartOption } from '../../../components/charts/EChart.tsx';

const RX_COLOR = '#1677ff';
const TX_COLOR = '#13c2c2';

export function TrafficChart({
  title,
  points,
  testId,
}: {
  title: string;
  points: TrafficPoint[];
  testId: string;
}) {
  const { t } = useTranslation();
  const rxLabel = t('inventory.dashboard.rx');
  const txLabel = t('inventory.dashboard.tx');
  const unit = t('inventory.dashboard.mbpsUnit');
  const hasData = points.some((p) => p.rx !== null || p.tx !== null);

  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      grid: { left: 44, right: 16, top: 36, bottom: 28 },
      legend: { top: 0, right: 0, data: [rxLabel, txLabel] },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) => (typeof v === 'number' ? v.toFixed(2) : String(v ?? '')),
      },
      xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', name: unit, nameGap: 12, splitLine: { lineStyle: { color: '#f0f0f0' } } },
      series: [
        {
          name: rxLabel,
          type: 'line',
          showSymbol: false,
          smooth: true,
          color: RX_COLOR,
          areaStyle: { opacity: 0.12 },
          data: points.map((p) => [p.time, p.rx]),
        },
        {
          name: txLabel,
          type: 'line',
          showSymbol: false,
          smooth: true,
          color: TX_COLOR,
          areaStyle: { opacity: 0.12 },
          data: points.map((p) => [p.time, p.tx]),
        },
      ],
    }),
    [points, rxLabel, txLabel, unit],
  );

  return (
    <div className="traffic-chart" data-testid={testId} data-points={points.length}>
      <div className="traffic-chart-title">{title}</div>
      {hasData ? (
        <EChart option={option} height={220} label={title} />
      ) : (
        <Empty
          className="traffic-chart-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('inventory.dashboard.noData')}
        />
      )}
    </div>
  );
}
