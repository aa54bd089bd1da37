/**
 * Clients connected now (SPEC 2 "Client list": search by name or IP; block, unblock, unlink), from the
 * device's latest telemetry. A blocked client is marked and offers unblock instead of block.
 */
import { useState } from 'react';
import { Button, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BlockedClient, ConnectedClient } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { dateTimeCell } from '../../../components/tableCells.tsx';

const matches = (client: ConnectedClient, search: string) => {
  const needle = search.trim().toLowerCase();
  return !needle || client.hostname.toLowerCase().includes(needle) || client.ip.includes(needle);
};

export function ConnectedClientsTable({
  clients,
  blocked,
  loading,
  onBlock,
  onUnblock,
  onUnlink,
}: {
  clients: ConnectedClient[];
  blocked: (mac: string) => boolean;
  loading: boolean;
  onBlock: (client: BlockedClient) => void;
  onUnblock: (mac: string) => void;
  onUnlink: (mac: string) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  return (
    <PaginatedTable<ConnectedClient>
      size="small"
      rowKey="mac"
      loading={loading}
      dataSource={clients.filter((c) => matches(c, search))}
      data-testid="clients-connected"
      title={() => (
        <Input.Search
          allowClear
          style={{ maxWidth: 320 }}
          placeholder={t('deviceSettings.clients.search')}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="clients-search"
        />
      )}
      columns={[
        { title: t('deviceSettings.clients.hostname'), dataIndex: 'hostname' },
        { title: t('deviceSettings.clients.ip'), dataIndex: 'ip' },
        {
          title: t('deviceSettings.clients.mac'),
          render: (_, row) => (
            <Space>
              {row.mac}
              {blocked(row.mac) && <Tag color="red">{t('deviceSettings.clients.blocked')}</Tag>}
            </Space>
          ),
        },
        {
          title: t('deviceSettings.clients.kind'),
          render: (_, row) => t(`deviceSettings.clients.kinds.${row.kind}`),
        },
        { title: t('deviceSettings.clients.accessTime'), dataIndex: 'access_time', render: dateTimeCell },
        {
          title: t('deviceSettings.actions'),
          render: (_, row) => (
            <Space>
              {blocked(row.mac) ? (
                <Button size="small" onClick={() => onUnblock(row.mac)}>
                  {t('deviceSettings.clients.unblock')}
                </Button>
              ) : (
                <Button
                  size="small"
                  danger
                  data-testid={`clients-block-${row.mac}`}
                  onClick={() => onBlock({ mac: row.mac, name: row.hostname })}
                >
                  {t('deviceSettings.clients.block')}
                </Button>
              )}
              <Button
                size="small"
                data-testid={`clients-unlink-${row.mac}`}
                onClick={() => onUnlink(row.mac)}
              >
                {t('deviceSettings.clients.unlink')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
