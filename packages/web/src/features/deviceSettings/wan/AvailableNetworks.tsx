/** Networks in reach: a Scan button asks the device, the table lists what it heard, Connect picks one. */
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ScannedWifiNetwork } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { SCROLL_X } from '../../../components/tableCells.tsx';
import { VERTICAL } from '../document.ts';
import { joinableSecurity } from './joinable.ts';
import { useWifiScan } from './useWifiScan.ts';

export function AvailableNetworks({
  deviceId,
  onConnect,
}: {
  deviceId: string;
  onConnect: (network: ScannedWifiNetwork) => void;
}) {
  const { t } = useTranslation();
  const scan = useWifiScan(deviceId);

  const columns: ColumnsType<ScannedWifiNetwork> = [
    {
      title: t('deviceSettings.wan.wifiClient.ssid'),
      dataIndex: 'ssid',
      render: (ssid: string) =>
        ssid || (
          <Typography.Text type="secondary">{t('deviceSettings.wan.wifiClient.hidden')}</Typography.Text>
        ),
    },
    { title: t('deviceSettings.wan.wifiClient.bssid'), dataIndex: 'bssid' },
    {
      title: t('deviceSettings.wan.wifiClient.signal'),
      dataIndex: 'signalDbm',
      render: (dbm: number) => t('deviceSettings.wan.wifiClient.dbm', { value: dbm }),
    },
    { title: t('deviceSettings.wan.wifiClient.channel'), dataIndex: 'channel' },
    {
      title: t('deviceSettings.wan.wifiClient.security'),
      dataIndex: 'security',
      render: (security: ScannedWifiNetwork['security']) =>
        security === 'open' ? t('deviceSettings.wan.wifiClient.open') : <Tag>{security}</Tag>,
    },
    {
      key: 'connect',
      render: (_: unknown, network) => {
        const joinable = network.ssid !== '' && joinableSecurity(network.security) !== null;
        return (
          <Button
            size="small"
            disabled={!joinable}
            title={joinable ? undefined : t('deviceSettings.wan.wifiClient.cannotJoin')}
            data-testid={`wifi-scan-connect-${network.bssid}`}
            onClick={() => onConnect(network)}
          >
            {t('deviceSettings.wan.wifiClient.connect')}
          </Button>
        );
      },
    },
  ];

  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }}>
      <Space>
        <Typography.Title level={3} className="subsection-title" style={{ margin: 0 }}>
          {t('deviceSettings.wan.wifiClient.available')}
        </Typography.Title>
        <Button loading={scan.isPending} onClick={() => scan.mutate()} data-testid="wifi-scan">
          {t('deviceSettings.wan.wifiClient.scan')}
        </Button>
      </Space>
      {scan.data ? (
        <PaginatedTable<ScannedWifiNetwork>
          size="small"
          rowKey="bssid"
          columns={columns}
          dataSource={scan.data.list}
          loading={scan.isPending}
          scroll={SCROLL_X}
          data-testid="wifi-scan-table"
        />
      ) : (
        <Typography.Text type="secondary" data-testid="wifi-scan-hint">
          {t('deviceSettings.wan.wifiClient.scanHint')}
        </Typography.Text>
      )}
    </Space>
  );
}
