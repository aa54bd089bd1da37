/**
 * Clients (SPEC 2 "Client list"): every client any device reported, wired or Wi-Fi, with its device,
 * interface, SSID, signal, traffic and first and last seen; searched by name or IP, filtered by device or
 * group, paged by the server. Block and unblock change the device's MAC blacklist, unlink disconnects the
 * client now; each after a confirmation naming the MAC. A block shows blocking until the device reports it
 * applied (ClientState.tsx).
 */
import { useState } from 'react';
import { Button, Card, Input, Select, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type ClientRow } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { DateText, type TimePart } from '../../components/DateText.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { formatBytes } from '../inventory/format.ts';
import { dashboardPath } from '../inventory/paths.ts';
import { useGroups } from '../inventory/api.ts';
import { useDeviceSearch } from '../statistics/api.ts';
import { useClientAction, useClientList } from './api.ts';
import { PendingBlockWatch } from './PendingBlockWatch.tsx';
import { ClientState, blockAsked } from './ClientState.tsx';
import '../../components/page.css';

const SEEN_TIME: TimePart = 'minutes';
const [ACTIONS_BLOCK, ACTIONS_UNBLOCK, ACTIONS_UNLINK] = ['block', 'unblock', 'unlink'] as const;
/** Each action: its settings call, its question and its toast. */
const ACTIONS = {
  block: { call: 'clients/block', confirm: 'clients.blockConfirm', done: 'clients.blockedDone' },
  unblock: { call: 'clients/unblock', confirm: 'clients.unblockConfirm', done: 'clients.unblockedDone' },
  unlink: { call: 'clients/unlink', confirm: 'clients.unlinkConfirm', done: 'clients.unlinkedDone' },
} as const;

export default function ClientsModule() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [deviceId, setDeviceId] = useState<string | undefined>();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [page, setPage] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [deviceSearch, setDeviceSearch] = useState('');
  const devices = useDeviceSearch(deviceSearch).data?.list ?? [];
  const groups = useGroups().data ?? [];
  const list = useClientList({ ...page, search: search || undefined, deviceId, groupId });
  const action = useClientAction();
  const { act } = useConfirmAct();

  const run = (kind: keyof typeof ACTIONS, row: ClientRow) => {
    const { call, confirm, done } = ACTIONS[kind];
    void act({
      confirm: { message: t(confirm, { mac: row.mac }) },
      run: () =>
        action.mutateAsync({
          action: call,
          body: { id: row.deviceId, mac: row.mac, ...(kind === 'block' && { name: row.hostname }) },
        }),
      done: t(done),
    });
  };

  const filtered = (patch: () => void) => {
    patch();
    setPage((p) => ({ ...p, page: 1 }));
  };

  return (
    <div className="settings-stack">
      <Card title={t('apps.Clients')}>
        <Space wrap className="clients-filters">
          <Input.Search
            allowClear
            data-testid="clients-search"
            aria-label={t('clients.search')}
            placeholder={t('clients.search')}
            onSearch={(value) => filtered(() => setSearch(value.trim()))}
          />
          <Select
            allowClear
            showSearch
            filterOption={false}
            data-testid="clients-device"
            aria-label={t('clients.device')}
            placeholder={t('clients.device')}
            className="clients-filter"
            value={deviceId}
            onSearch={setDeviceSearch}
            onChange={(id?: string) => filtered(() => setDeviceId(id))}
            options={devices.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` }))}
          />
          <Select
            allowClear
            data-testid="clients-group"
            aria-label={t('clients.group')}
            placeholder={t('clients.group')}
            className="clients-filter"
            value={groupId}
            onChange={(id?: number) => filtered(() => setGroupId(id))}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
          />
        </Space>
        <PendingBlockWatch rows={list.data?.list ?? []} onChange={() => void list.refetch()} />
        <PaginatedTable<ClientRow>
          data-testid="clients-table"
          rowKey={(r) => `${r.deviceId}|${r.mac}`}
          loading={list.isFetching && !list.data}
          dataSource={list.data?.list ?? []}
          scroll={{ x: true }}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: list.data?.totalNumber ?? 0,
            onChange: (p, pageSize) => setPage({ page: pageSize === page.pageSize ? p : 1, pageSize }),
          }}
          columns={[
            { title: t('clients.hostname'), dataIndex: 'hostname', render: (v: string) => v || '–' },
            { title: t('clients.ip'), dataIndex: 'ip' },
            { title: t('clients.mac'), dataIndex: 'mac' },
            {
              title: t('clients.device'),
              key: 'device',
              render: (_, r) => <Link to={dashboardPath(r.deviceId)}>{r.deviceName}</Link>,
            },
            { title: t('clients.interface'), dataIndex: 'iface', render: (v: string) => v || '–' },
            { title: t('clients.ssid'), dataIndex: 'ssid', render: (v: string) => v || '–' },
            {
              title: t('clients.signal'),
              dataIndex: 'signal',
              render: (v: number | null) => (v === null ? '–' : t('clients.dbm', { value: v })),
            },
            {
              title: t('clients.traffic'),
              key: 'traffic',
              render: (_, r) =>
                t('clients.rxTx', { rx: formatBytes(t, r.rxBytes), tx: formatBytes(t, r.txBytes) }),
            },
            {
              title: t('clients.firstSeen'),
              dataIndex: 'firstSeen',
              render: (v: number) => <DateText value={v} time={SEEN_TIME} />,
            },
            {
              title: t('clients.lastSeen'),
              dataIndex: 'lastSeen',
              render: (v: number) => <DateText value={v} time={SEEN_TIME} />,
            },
            {
              title: t('clients.state'),
              key: 'state',
              render: (_, r) => <ClientState row={r} />,
            },
            {
              title: t('clients.actions'),
              key: 'actions',
              render: (_, r) => (
                <Space size={4}>
                  {blockAsked(r) ? (
                    <Button size="small" data-testid="client-unblock" onClick={() => run(ACTIONS_UNBLOCK, r)}>
                      {t('clients.unblock')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      danger
                      data-testid="client-block"
                      onClick={() => run(ACTIONS_BLOCK, r)}
                    >
                      {t('clients.block')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    disabled={!r.connected || blockAsked(r)}
                    data-testid="client-unlink"
                    onClick={() => run(ACTIONS_UNLINK, r)}
                  >
                    {t('clients.unlink')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
