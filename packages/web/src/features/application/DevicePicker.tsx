/**
 * Where apps go: chosen devices with a container engine (searched by name, serial or model) or every
 * device of a group; and the one device a screen shows (DeviceSelect). Read from the Application area's own list, so a Container account, which has no
 * Inventory, can choose too.
 */
import { useState } from 'react';
import { Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContainerDevices } from './api.ts';

/** The devices chosen, or (byGroup) the group chosen. */
export interface Target {
  byGroup: boolean;
  deviceIds: string[];
  groupId: number | null;
}
export const NO_TARGET: Target = { byGroup: false, deviceIds: [], groupId: null };

/** The request's part naming where to deploy; null when nothing is chosen yet. */
export const whereOf = (target: Target): { groupId: number } | { deviceIds: string[] } | null => {
  if (target.byGroup) return target.groupId === null ? null : { groupId: target.groupId };
  return target.deviceIds.length ? { deviceIds: target.deviceIds } : null;
};

export function DevicePicker({
  value,
  onChange,
  onNames,
}: {
  value: Target;
  onChange: (target: Target) => void;
  /** Device id -> name, for every device the search showed. */
  onNames?: (names: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useContainerDevices(search);
  const list = found.data?.list ?? [];
  return (
    <Space direction="vertical" className="application-target">
      <Radio.Group
        value={value.byGroup}
        onChange={(e) => onChange({ ...NO_TARGET, byGroup: e.target.value as boolean })}
        options={[
          { value: false, label: t('application.target.devices') },
          { value: true, label: t('application.target.group') },
        ]}
      />
      {value.byGroup ? (
        <Select
          className="application-device-select"
          placeholder={t('application.target.group')}
          aria-label={t('application.target.group')}
          value={value.groupId ?? undefined}
          onChange={(groupId: number) => onChange({ ...NO_TARGET, byGroup: true, groupId })}
          options={(found.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
          data-testid="app-group"
        />
      ) : (
        <Select
          mode="multiple"
          className="application-device-select"
          placeholder={t('application.target.devices')}
          aria-label={t('application.target.devices')}
          showSearch
          filterOption={false}
          onSearch={setSearch}
          value={value.deviceIds}
          loading={found.isFetching}
          onChange={(deviceIds: string[]) => {
            onNames?.(Object.fromEntries(list.map((d) => [d.id, d.name])));
            onChange({ ...NO_TARGET, deviceIds });
          }}
          options={list.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
          data-testid="app-devices"
        />
      )}
    </Space>
  );
}

/** One device with a container engine, searched by name, serial or model. */
export function DeviceSelect({
  value,
  onChange,
  className,
  'data-testid': testId,
}: {
  value: string | null;
  onChange: (device: { id: string; name: string }) => void;
  className?: string;
  'data-testid': string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useContainerDevices(search).data?.list ?? [];
  return (
    <Select
      showSearch
      filterOption={false}
      className={`application-device-select ${className ?? ''}`}
      placeholder={t('application.installed.pickDevice')}
      aria-label={t('application.installed.pickDevice')}
      onSearch={setSearch}
      value={value ?? undefined}
      onChange={(id: string) => onChange({ id, name: found.find((d) => d.id === id)?.name ?? id })}
      options={found.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
      data-testid={testId}
    />
  );
}
