/**
 * Where a test runs: chosen devices (searched by name, serial or address) or every device of a group.
 * Names of the devices seen are kept so the results can show them.
 */
import { useState } from 'react';
import { Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../inventory/api.ts';
import { useDeviceSearch } from './api.ts';

/** The devices chosen, or (byGroup) the group chosen. */
export interface Target {
  byGroup: boolean;
  deviceIds: string[];
  groupId: number | null;
}
export const NO_TARGET: Target = { byGroup: false, deviceIds: [], groupId: null };

export function TargetPicker({
  value,
  onChange,
  onNames,
}: {
  value: Target;
  onChange: (target: Target) => void;
  /** Device id -> name, for every device the search showed. */
  onNames: (names: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const devices = useDeviceSearch(search);
  const list = devices.data?.list ?? [];
  return (
    <Space direction="vertical" className="diagnose-target">
      <Radio.Group
        value={value.byGroup}
        onChange={(e) => onChange({ ...NO_TARGET, byGroup: e.target.value as boolean })}
        options={[
          { value: false, label: t('diagnose.pickDevices') },
          { value: true, label: t('diagnose.pickGroup') },
        ]}
        data-testid="diagnose-target-kind"
      />
      {!value.byGroup ? (
        <Select
          mode="multiple"
          className="diagnose-devices"
          data-testid="diagnose-devices"
          placeholder={t('diagnose.devicesPlaceholder')}
          aria-label={t('diagnose.devicesPlaceholder')}
          showSearch
          filterOption={false}
          onSearch={setSearch}
          value={value.deviceIds}
          onChange={(deviceIds: string[]) => {
            onNames(Object.fromEntries(list.map((d) => [d.id, d.name])));
            onChange({ ...NO_TARGET, deviceIds });
          }}
          loading={devices.isFetching}
          options={list.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
        />
      ) : (
        <GroupSelect
          value={value.groupId}
          onChange={(groupId) => onChange({ ...NO_TARGET, byGroup: true, groupId })}
        />
      )}
    </Space>
  );
}

/** The groups, read only once the operator chose to run on a group. */
function GroupSelect({ value, onChange }: { value: number | null; onChange: (groupId: number) => void }) {
  const { t } = useTranslation();
  const groups = useGroups();
  return (
    <Select
      className="diagnose-devices"
      data-testid="diagnose-group"
      placeholder={t('diagnose.groupPlaceholder')}
      aria-label={t('diagnose.groupPlaceholder')}
      value={value ?? undefined}
      onChange={onChange}
      options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}
