/** Tables of the device dashboard: connected devices, interfaces, container apps. */
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConnectedClient, ContainerApp, InterfaceTraffic } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { SCROLL_X, dateTimeCell } from '../../../components/tableCells.tsx';
import { formatBytes, oneDecimal } from '../format.ts';

const CONTAINER_COLORS: Record<ContainerApp['state'], string> = {
  running: 'green',
  created: 'blue',
  exited: 'default',
  'never started': 'orange',
};

export function ClientsTable({ clients }: { clients: ConnectedClient[] }) {
  const { t } = useTranslation();
  return (
    <PaginatedTable<ConnectedClient>
      rowKey={(c) => `${c.kind}-${c.mac}`}
      size="small"
      dataSource={clients}
      scroll={SCROLL_X}
      data-testid="dashboard-connected"
      columns={[
        {
          key: 'kind',
          dataIndex: 'kind',
          title: t('inventory.dashboard.kind'),
          render: (k: ConnectedClient['kind']) => (
            <Tag color={k === 'wired' ? 'geekblue' : 'cyan'}>{t(`inventory.dashboard.${k}`)}</Tag>
          ),
        },
        { key: 'hostname', dataIndex: 'hostname', title: t('inventory.dashboard.clientHostname') },
        {
          key: 'ip',
          dataIndex: 'ip',
          title: t('inventory.dashboard.clientIp'),
          render: (v: string) => <bdi>{v}</bdi>,
        },
        {
          key: 'mac',
          dataIndex: 'mac',
          title: t('inventory.dashboard.clientMac'),
          render: (v: string) => <code>{v}</code>,
        },
        {
          key: 'access_time',
          dataIndex: 'access_time',
          title: t('inventory.dashboard.clientAccessTime'),
          render: dateTimeCell,
        },
      ]}
    />
  );
}

export function InterfacesTable({ interfaces }: { interfaces: InterfaceTraffic[] }) {
  const { t } = useTranslation();
  return (
    <Table<InterfaceTraffic>
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={interfaces}
      scroll={SCROLL_X}
      locale={{ emptyText: t('common.noData') }}
      data-testid="dashboard-interfaces"
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: t('inventory.dashboard.interfaceName'),
          render: (v: string) => <bdi>{v}</bdi>,
        },
        {
          key: 'kind',
          dataIndex: 'kind',
          title: t('inventory.dashboard.interfaceKind'),
          render: (k: InterfaceTraffic['kind']) => t(`inventory.dashboard.trafficKinds.${k}`),
        },
        {
          key: 'up',
          dataIndex: 'up',
          title: t('inventory.dashboard.interfaceState'),
          render: (up: boolean) => (
            <Tag color={up ? 'green' : 'default'}>
              {up ? t('inventory.dashboard.portUp') : t('inventory.dashboard.portDown')}
            </Tag>
          ),
        },
        {
          key: 'rx',
          title: t('inventory.dashboard.rx'),
          render: (_: unknown, i) => (
            <span className="nowrap">
              {t('inventory.dashboard.mbps', { value: oneDecimal(i.rxMbps) })}
              <br />
              <small className="muted">{formatBytes(t, i.rxBytes)}</small>
            </span>
          ),
        },
        {
          key: 'tx',
          title: t('inventory.dashboard.tx'),
          render: (_: unknown, i) => (
            <span className="nowrap">
              {t('inventory.dashboard.mbps', { value: oneDecimal(i.txMbps) })}
              <br />
              <small className="muted">{formatBytes(t, i.txBytes)}</small>
            </span>
          ),
        },
      ]}
    />
  );
}

export function ContainersTable({ containers }: { containers: ContainerApp[] }) {
  const { t } = useTranslation();
  return (
    <Table<ContainerApp>
      rowKey={(c) => c.id ?? c.name}
      size="small"
      pagination={false}
      dataSource={containers}
      scroll={SCROLL_X}
      data-testid="dashboard-containers"
      columns={[
        { key: 'name', dataIndex: 'name', title: t('inventory.dashboard.containerName') },
        {
          key: 'state',
          dataIndex: 'state',
          title: t('inventory.dashboard.containerState'),
          render: (s: ContainerApp['state']) => (
            <Tag color={CONTAINER_COLORS[s]}>{t(`inventory.dashboard.containerStates.${s}`)}</Tag>
          ),
        },
      ]}
    />
  );
}
