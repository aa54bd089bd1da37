/**
 * The grid's filters (SPEC 2 and 3): device (searched by name, serial or address, or the console itself),
 * level (All, Info, Warning, Error), function (the programs the chosen device has written), time range
 * and key word. Each change goes to the address (useUrlQuery), so a reload shows the same lines.
 */
import { useState } from 'react';
import { DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CONSOLE_LOG_DEVICE, logLevelNames, type LogQuery } from '@edge/protocol';
import type { UrlQueryPatch } from '../../components/table/useUrlQuery.ts';
import { useDeviceSearch } from '../diagnose/api.ts';
import { usePrograms } from './api.ts';

export function LogFilters({
  query,
  update,
}: {
  query: LogQuery;
  update: (patch: UrlQueryPatch<LogQuery>) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const devices = useDeviceSearch(search).data?.list ?? [];
  const programs = usePrograms(query.deviceID).data?.list ?? [];
  const [key, setKey] = useState(query.key ?? '');
  const range =
    query.startDate !== undefined && query.endDate !== undefined
      ? ([dayjs(query.startDate), dayjs(query.endDate)] as [dayjs.Dayjs, dayjs.Dayjs])
      : null;

  return (
    <Space wrap className="log-filters" data-testid="log-filters">
      <Select
        allowClear
        showSearch
        filterOption={false}
        onSearch={setSearch}
        className="log-filter-device"
        data-testid="log-device"
        aria-label={t('logs.device')}
        placeholder={t('logs.allDevices')}
        value={query.deviceID}
        onChange={(deviceID?: string) => update({ deviceID, functionName: undefined })}
        options={[
          { value: CONSOLE_LOG_DEVICE, label: t('logs.console') },
          ...devices.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` })),
        ]}
      />
      <Select
        className="log-filter-level"
        data-testid="log-level"
        aria-label={t('logs.level')}
        value={query.levelName}
        onChange={(levelName: string) => update({ levelName })}
        options={logLevelNames.map((name) => ({ value: name, label: t(`logs.levels.${name}`) }))}
      />
      <Select
        allowClear
        showSearch
        className="log-filter-function"
        data-testid="log-function"
        aria-label={t('logs.function')}
        placeholder={t('logs.allFunctions')}
        value={query.functionName}
        onChange={(functionName?: string) => update({ functionName })}
        options={programs.map((p) => ({ value: p, label: p }))}
      />
      <DatePicker.RangePicker
        showTime
        data-testid="log-range"
        aria-label={t('logs.timeRange')}
        value={range}
        onChange={(dates) =>
          update({
            startDate: dates?.[0]?.valueOf(),
            endDate: dates?.[1]?.valueOf(),
          })
        }
      />
      <Input.Search
        allowClear
        className="log-filter-key"
        data-testid="log-key"
        aria-label={t('logs.keyword')}
        placeholder={t('logs.keyword')}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        onSearch={(value) => update({ key: value.trim() || undefined })}
      />
    </Space>
  );
}
