/**
 * Deployed apps: every device's apps as they last reported them (searchable, paged), and the chosen
 * device's apps asked of the device itself, with their actions and logs.
 */
import { useState } from 'react';
import { Button, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { useFleetInstalled } from './api.ts';
import { DeviceSelect } from './DevicePicker.tsx';
import { ContainerTable } from './ContainerTable.tsx';
import { StoragePanel } from './StoragePanel.tsx';

interface FleetRow {
  deviceId: string;
  deviceName: string;
  online: boolean;
  name: string;
  state: string;
}

export function InstalledPanel() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [device, setDevice] = useState<{ id: string; name: string } | null>(null);
  const fleet = useFleetInstalled(search, page);
  const columns: ColumnsType<FleetRow> = [
    {
      title: t('application.columns.device'),
      key: 'device',
      render: (_, row) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            onClick={() => setDevice({ id: row.deviceId, name: row.deviceName })}
            data-testid="fleet-device"
          >
            {row.deviceName}
          </Button>
          {/* Its apps as it last reported them: marked so, not left out. */}
          {!row.online && <Tag data-testid="fleet-offline">{t('application.installed.offline')}</Tag>}
        </Space>
      ),
    },
    { title: t('application.columns.app'), dataIndex: 'name', key: 'name' },
    {
      title: t('application.columns.state'),
      key: 'state',
      render: (_, row) => (
        <Tag>{t(`application.states.${row.state as 'running'}`, { defaultValue: row.state })}</Tag>
      ),
    },
  ];
  return (
    <div data-testid="installed-panel">
      <DeviceSelect
        className="application-toolbar"
        value={device?.id ?? null}
        onChange={setDevice}
        data-testid="installed-device"
      />
      {device && (
        <div data-testid="device-apps">
          <Typography.Title level={5}>{device.name}</Typography.Title>
          {/* Volumes and networks are asked of the device: not while it is offline (its apps still show). */}
          <ContainerTable deviceId={device.id} whileOnline={<StoragePanel deviceId={device.id} />} />
        </div>
      )}
      {!device && (
        <Typography.Paragraph type="secondary">{t('application.installed.pickDevice')}</Typography.Paragraph>
      )}
      <Typography.Title level={5}>{t('application.installed.fleet')}</Typography.Title>
      <Input.Search
        allowClear
        className="application-search"
        placeholder={t('application.installed.search')}
        aria-label={t('application.installed.search')}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        data-testid="fleet-search"
      />
      <Table<FleetRow>
        size="small"
        rowKey={(row) => `${row.deviceId}/${row.name}`}
        loading={fleet.isLoading}
        dataSource={fleet.data?.list ?? []}
        columns={columns}
        scroll={SCROLL_X}
        pagination={{
          current: page,
          pageSize: 20,
          total: fleet.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="fleet-table"
      />
    </div>
  );
}
