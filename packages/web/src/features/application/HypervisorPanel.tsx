/**
 * The hypervisor view of one device (SPEC 2: disk, network card, config, app, device health): its health and
 * disk as its last heartbeat had them, its network cards with their traffic, its container engine's version,
 * configuration and disk use asked now (or why it could not be asked), and its apps (the live installed list).
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { HypervisorResponse } from '@edge/protocol';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { formatBytes, oneDecimal } from '../inventory/format.ts';
import { formatUptime } from '../inventory/uptime.ts';
import { useHypervisor } from './api.ts';
import { DeviceSelect } from './DevicePicker.tsx';
import { ContainerTable } from './ContainerTable.tsx';
import { serverWords } from './serverWords.ts';
import { useRefresh } from './useRefresh.ts';

type Card = HypervisorResponse['networkCards'][number];

export function HypervisorPanel() {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const hypervisor = useHypervisor(deviceId);
  const view = hypervisor.data;
  const refresh = useRefresh(hypervisor.refetch, (view) => !view.online);
  const used = (u: { used: number; total: number } | null) =>
    u ? `${formatBytes(t, u.used)} / ${formatBytes(t, u.total)}` : '';

  const cardColumns: ColumnsType<Card> = [
    { title: t('application.hypervisor.card'), dataIndex: 'name', key: 'name' },
    { title: t('application.hypervisor.kind'), dataIndex: 'kind', key: 'kind' },
    {
      title: t('application.hypervisor.link'),
      key: 'up',
      render: (_, c) => (
        <Tag color={c.up ? 'success' : 'default'}>
          {t(c.up ? 'application.hypervisor.up' : 'application.hypervisor.down')}
        </Tag>
      ),
    },
    {
      title: t('application.hypervisor.traffic'),
      key: 'traffic',
      render: (_, c) =>
        t('application.hypervisor.mbps', { rx: oneDecimal(c.rxMbps), tx: oneDecimal(c.txMbps) }),
    },
  ];

  return (
    <div data-testid="hypervisor-panel">
      <Space className="application-toolbar">
        <DeviceSelect value={deviceId} onChange={(d) => setDeviceId(d.id)} data-testid="hypervisor-device" />
        {deviceId && (
          <Button
            icon={<ReloadOutlined />}
            loading={hypervisor.isFetching}
            onClick={() => void refresh()}
            data-testid="hypervisor-refresh"
          >
            {t('application.actions.refresh')}
          </Button>
        )}
      </Space>
      {!deviceId && (
        <Typography.Paragraph type="secondary">{t('application.installed.pickDevice')}</Typography.Paragraph>
      )}
      {view && deviceId && (
        <Space direction="vertical" className="application-hypervisor">
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            title={t('application.hypervisor.health')}
            data-testid="hypervisor-health"
            items={[
              {
                key: 'state',
                label: t('application.hypervisor.state'),
                children: (
                  <Tag color={view.online ? 'success' : 'default'}>
                    {t(view.online ? 'application.hypervisor.online' : 'application.hypervisor.offline')}
                  </Tag>
                ),
              },
              { key: 'model', label: t('application.hypervisor.model'), children: view.model },
              {
                key: 'uptime',
                label: t('application.columns.uptime'),
                children: formatUptime(t, view.health.upTime),
              },
              {
                key: 'cpu',
                label: t('application.columns.cpu'),
                children:
                  view.health.cpu.usage === null
                    ? ''
                    : t('application.hypervisor.cpu', {
                        usage: oneDecimal(view.health.cpu.usage),
                        cores: view.health.cpu.cores ?? '',
                      }),
              },
              {
                key: 'temperature',
                label: t('application.hypervisor.temperature'),
                children:
                  view.health.cpu.temperature === null
                    ? ''
                    : t('application.hypervisor.celsius', { value: oneDecimal(view.health.cpu.temperature) }),
              },
              { key: 'memory', label: t('application.columns.memory'), children: used(view.health.memory) },
              { key: 'disk', label: t('application.hypervisor.disk'), children: used(view.health.disk) },
              {
                key: 'load',
                label: t('application.hypervisor.load'),
                children: view.health.loadLevel ?? '',
              },
            ]}
          />
          <Typography.Title level={5}>{t('application.hypervisor.cards')}</Typography.Title>
          <Table<Card>
            size="small"
            rowKey="name"
            dataSource={view.networkCards}
            columns={cardColumns}
            pagination={false}
            scroll={SCROLL_X}
            data-testid="hypervisor-cards"
          />
          {view.engine ? (
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, md: 2 }}
              title={t('application.hypervisor.engine')}
              data-testid="hypervisor-engine"
              items={[
                {
                  key: 'name',
                  label: t('application.hypervisor.engineName'),
                  children: `${view.engine.name} ${view.engine.version}`,
                },
                { key: 'api', label: t('application.hypervisor.api'), children: view.engine.apiVersion },
                { key: 'os', label: t('application.hypervisor.os'), children: view.engine.os },
                { key: 'kernel', label: t('application.hypervisor.kernel'), children: view.engine.kernel },
                {
                  key: 'storage',
                  label: t('application.hypervisor.storageDriver'),
                  children: view.engine.storageDriver,
                },
                {
                  key: 'cgroup',
                  label: t('application.hypervisor.cgroup'),
                  children: `${view.engine.cgroupDriver} v${view.engine.cgroupVersion}`,
                },
                { key: 'root', label: t('application.hypervisor.dataRoot'), children: view.engine.dataRoot },
                {
                  key: 'resources',
                  label: t('application.hypervisor.resources'),
                  children: t('application.hypervisor.cpusMemory', {
                    cpus: view.engine.cpus,
                    memory: formatBytes(t, view.engine.memoryBytes),
                  }),
                },
                {
                  key: 'containers',
                  label: t('application.hypervisor.containers'),
                  children: t('application.hypervisor.containerCounts', view.engine.containers),
                },
                {
                  key: 'diskUse',
                  label: t('application.hypervisor.diskUse'),
                  children: t('application.hypervisor.diskParts', {
                    images: formatBytes(t, view.engine.disk.images),
                    count: view.engine.images,
                    containers: formatBytes(t, view.engine.disk.containers),
                    volumes: formatBytes(t, view.engine.disk.volumes),
                  }),
                },
              ]}
            />
          ) : (
            <Alert
              type="warning"
              showIcon
              message={t('application.hypervisor.engine')}
              description={view.unreachable ? serverWords(t, view.unreachable) : null}
              data-testid="hypervisor-unreachable"
            />
          )}
          <Typography.Title level={5}>{t('application.hypervisor.apps')}</Typography.Title>
          <ContainerTable deviceId={deviceId} />
        </Space>
      )}
    </div>
  );
}
