/**
 * What a Statistics view shows: mode, indicator, range, the aggregates, and the overview's group (or the
 * fleet) or the comparison's devices and groups.
 */
import { useState } from 'react';
import { Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  STATISTICS_TARGETS_MAX,
  statisticsAggregates,
  statisticsIndicators,
  statisticsModes,
  statisticsRanges,
  type StatisticsRange,
  type StatisticsView,
} from '@edge/protocol';
import type { TKey } from '../../i18n/keys.ts';
import { useGroups } from '../inventory/api.ts';
import { useDeviceSearch } from './api.ts';

export function ViewControls({
  view,
  onChange,
  names,
  onNames,
}: {
  view: StatisticsView;
  onChange: (view: StatisticsView) => void;
  /** Device id -> name of every device chosen, so chosen ones show by name. */
  names: Record<string, string>;
  onNames: (names: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const devices = useDeviceSearch(search);
  const groups = useGroups().data ?? [];
  const list = devices.data?.list ?? [];
  const set = (patch: Partial<StatisticsView>) => onChange({ ...view, ...patch });
  const deviceIds = view.targets.flatMap((x) => (x.type === 'device' ? [x.id] : []));
  const groupIds = view.targets.flatMap((x) => (x.type === 'group' ? [x.id] : []));
  const targetsOf = (ids: string[], gids: number[]) => [
    ...ids.map((id) => ({ type: 'device' as const, id })),
    ...gids.map((id) => ({ type: 'group' as const, id })),
  ];
  const deviceOptions = [
    ...list.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` })),
    ...deviceIds
      .filter((id) => !list.some((d) => d.id === id))
      .map((id) => ({ value: id, label: names[id] ?? id })),
  ];

  return (
    <Space wrap className="statistics-controls">
      <Segmented
        data-testid="statistics-mode"
        value={view.mode}
        onChange={(mode) => set({ mode: mode as StatisticsView['mode'] })}
        options={statisticsModes.map((m) => ({ value: m, label: t(`statistics.modes.${m}`) }))}
      />
      <Select
        data-testid="statistics-indicator"
        aria-label={t('statistics.indicator')}
        className="statistics-indicator"
        value={view.indicator}
        onChange={(indicator) => set({ indicator })}
        options={statisticsIndicators.map((i) => ({
          value: i,
          label: t(`statistics.indicators.${i}` as TKey),
        }))}
      />
      <Select
        data-testid="statistics-range"
        aria-label={t('statistics.range')}
        value={view.range}
        onChange={(range: StatisticsRange) => set({ range })}
        options={(Object.keys(statisticsRanges) as StatisticsRange[]).map((r) => ({
          value: r,
          label: t(`statistics.ranges.${r}` as TKey),
        }))}
      />
      <Select
        mode="multiple"
        data-testid="statistics-aggregates"
        aria-label={t('statistics.aggregate')}
        className="statistics-aggregates"
        value={view.aggregates}
        onChange={(aggregates: StatisticsView['aggregates']) => aggregates.length && set({ aggregates })}
        options={statisticsAggregates.map((a) => ({
          value: a,
          label: t(`statistics.aggregates.${a}` as TKey),
        }))}
      />
      {view.mode === 'overview' ? (
        <Select
          data-testid="statistics-group"
          aria-label={t('statistics.scope')}
          className="statistics-scope"
          value={view.groupId ?? 0}
          onChange={(groupId: number) => set({ groupId: groupId || null })}
          options={[
            { value: 0, label: t('statistics.fleet') },
            ...groups.map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
      ) : (
        <>
          <Select
            mode="multiple"
            data-testid="statistics-devices"
            aria-label={t('statistics.devices')}
            placeholder={t('statistics.devices')}
            className="statistics-targets"
            showSearch
            filterOption={false}
            onSearch={setSearch}
            value={deviceIds}
            maxCount={STATISTICS_TARGETS_MAX - groupIds.length}
            onChange={(ids: string[]) => {
              onNames({ ...names, ...Object.fromEntries(list.map((d) => [d.id, d.name])) });
              set({ targets: targetsOf(ids, groupIds) });
            }}
            loading={devices.isFetching}
            options={deviceOptions}
          />
          <Select
            mode="multiple"
            data-testid="statistics-groups"
            aria-label={t('statistics.groups')}
            placeholder={t('statistics.groups')}
            className="statistics-targets"
            value={groupIds}
            maxCount={STATISTICS_TARGETS_MAX - deviceIds.length}
            onChange={(gids: number[]) => set({ targets: targetsOf(deviceIds, gids) })}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
          />
        </>
      )}
    </Space>
  );
}
