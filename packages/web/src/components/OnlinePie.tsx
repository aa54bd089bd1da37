/**
 * SPEC 2 shared widget: a pie of online versus offline devices with the online percentage in the middle,
 * truncated to an integer (29 of 30 online is 96 %, never 97 %).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from './charts/EChart.tsx';
import './OnlinePie.css';

export const ONLINE_COLOR = '#52c41a';
export const OFFLINE_COLOR = '#bfbfbf';

/** The online share in whole percent, truncated (Math.trunc); 0 when there are no devices. */
export function onlinePercent(numOnline: number, numOffline: number): number {
  const total = numOnline + numOffline;
  if (total <= 0) return 0;
  // Multiply first: 57 * 100 / 100 is exactly 57, where 57 / 100 * 100 is 57.00000000000001.
  return Math.trunc((numOnline * 100) / total);
}

export interface OnlinePieProps {
  numOnline: number;
  numOffline: number;
  height?: number;
}

export function OnlinePie({ numOnline, numOffline, height = 180 }: OnlinePieProps) {
  const { t } = useTranslation();
  const percent = onlinePercent(numOnline, numOffline);
  const onlineLabel = t('inventory.pie.online');
  const offlineLabel = t('inventory.pie.offline');

  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      series: [
        {
          type: 'pie',
          radius: ['62%', '86%'],
          avoidLabelOverlap: false,
          label: { show: false },
          labelLine: { show: false },
          emptyCircleStyle: { color: '#f0f0f0' },
          // A slice of 0 would still draw a sliver of border: only the non-empty slices are drawn.
          data: [
            { name: onlineLabel, value: numOnline, itemStyle: { color: ONLINE_COLOR } },
            { name: offlineLabel, value: numOffline, itemStyle: { color: OFFLINE_COLOR } },
          ].filter((slice) => slice.value > 0),
        },
      ],
    }),
    [numOnline, numOffline, onlineLabel, offlineLabel],
  );

  return (
    <div className="online-pie" data-testid="online-pie">
      <div className="online-pie-chart" style={{ height }}>
        <EChart option={option} height={height} label={t('inventory.pie.label', { percent })} />
        <div className="online-pie-center" aria-hidden="true">
          <span className="online-pie-percent" data-testid="online-percent">
            {t('inventory.pie.percent', { percent })}
          </span>
          <span className="online-pie-caption">{onlineLabel}</span>
        </div>
      </div>
      <ul className="online-pie-legend">
        <li>
          <span className="online-pie-dot" style={{ background: ONLINE_COLOR }} />
          {onlineLabel}
          <strong data-testid="num-online">{numOnline}</strong>
        </li>
        <li>
          <span className="online-pie-dot" style={{ background: OFFLINE_COLOR }} />
          {offlineLabel}
          <strong data-testid="num-offline">{numOffline}</strong>
        </li>
      </ul>
    </div>
  );
}
