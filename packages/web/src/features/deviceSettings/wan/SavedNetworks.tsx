/** Networks saved for client mode (multipleWan/wifiConnectedAPList): the connected one marked, each deletable. */
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SettingsReadResponse } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { useSettingsRead } from '../useSettingsRead.ts';
import type { SectionContext } from '../SectionFrame.tsx';

type Saved =
  SettingsReadResponse<'/api/v1/inventory/settings/multipleWan/wifiConnectedAPList'>['list'][number];

export function SavedNetworks({
  deviceId,
  apply,
  onAdd,
}: {
  deviceId: string;
  apply: SectionContext['apply'];
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const saved = useSettingsRead(deviceId, 'multipleWan/wifiConnectedAPList');
  const connected = saved.data?.list.find((n) => n.connected)?.ssid;

  // The editor is mounted anew after every write (WanSection keys it by version): the list is read again.
  const remove = (ssid: string) =>
    apply(
      'DELETE',
      'multipleWan/wifiDeleteConnectedAP',
      { ssid },
      t('deviceSettings.wan.wifiClient.deleteConfirm', { ssid }),
    );

  const columns: ColumnsType<Saved> = [
    { title: t('deviceSettings.wan.wifiClient.ssid'), dataIndex: 'ssid' },
    { title: t('deviceSettings.wan.wifiClient.security'), dataIndex: 'wpa' },
    {
      key: 'state',
      render: (_: unknown, n) =>
        n.connected && <Tag color="green">{t('deviceSettings.wan.wifiClient.connected')}</Tag>,
    },
    {
      key: 'delete',
      render: (_: unknown, n) => (
        <Button
          size="small"
          danger
          data-testid={`wifi-saved-delete-${n.ssid}`}
          onClick={() => void remove(n.ssid)}
        >
          {t('deviceSettings.delete')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Text data-testid="wifi-connected">
        {connected
          ? t('deviceSettings.wan.wifiClient.connectedTo', { ssid: connected })
          : t('deviceSettings.wan.wifiClient.notConnected')}
      </Typography.Text>
      <Space>
        <Typography.Title level={3} className="subsection-title" style={{ margin: 0 }}>
          {t('deviceSettings.wan.wifiClient.saved')}
        </Typography.Title>
        <Button onClick={onAdd} data-testid="wifi-saved-add">
          {t('deviceSettings.wan.wifiClient.add')}
        </Button>
      </Space>
      <PaginatedTable<Saved>
        size="small"
        rowKey="ssid"
        columns={columns}
        dataSource={saved.data?.list ?? []}
        loading={saved.isLoading}
        data-testid="wifi-saved-table"
      />
    </>
  );
}
