/**
 * Inventory > Devices: the fleet's list with server paging (10/20/30/40), search, sort (the options of
 * getDeviceSortBy, getSignalListSortBy and getOrder), group and status filters, the online/offline pie,
 * the SPEC 4 actions per row, device details, and moving the selected devices into a group.
 * Rows change in place as devices report (live socket); the state of the list is kept in the address.
 */
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { Badge, Button, Card, Col, Row, Select, Space, Tooltip, Typography } from 'antd';
import {
  CodeOutlined,
  DeleteOutlined,
  FolderOpenOutlined,
  LineChartOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PoweroffOutlined,
  ProfileOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  deviceSortKeys,
  deviceStatusLabels,
  inventoryListQuery,
  sortOrders,
  type DeviceRow,
  type DeviceSortKey,
  type DeviceStatusLabel,
  type SortOrder,
} from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { OnlinePie } from '../../../components/OnlinePie.tsx';
import { SCROLL_X, STICKY_END, dateTimeCell } from '../../../components/tableCells.tsx';
import { IconAction } from '../../../components/table/IconAction.tsx';
import { terminalPath } from '../../terminal/paths.ts';
import { SearchBox } from '../../../components/table/SearchBox.tsx';
import { useUrlQuery } from '../../../components/table/useUrlQuery.ts';
import { usePermission } from '../../account/permissions.ts';
import { useDeviceCounts, useDeviceList, useGroups, useSortOptions, type DeviceAction } from '../api.ts';
import { LoadTag, SignalTag, StatusTag } from '../StatusTag.tsx';
import { formatUptime } from '../uptime.ts';
import { useLiveList } from '../live/useLiveInventory.ts';
import { ACTION, useDeviceActions } from './useDeviceActions.ts';
import { DeviceDetailsDrawer } from './DeviceDetailsDrawer.tsx';
import { AssignGroupModal } from './AssignGroupModal.tsx';
import { dashboardPath } from '../paths.ts';

const UNGROUPED = 0;
/** The actions stay in view at the end of the row (right, or left in Arabic) while the table scrolls. */

const isSortKey = (v: string | null): v is DeviceSortKey =>
  !!v && (deviceSortKeys as readonly string[]).includes(v);
const isOrder = (v: string | null): v is SortOrder => !!v && (sortOrders as readonly string[]).includes(v);

/** The buttons of a row's actions (SPEC 4): each one asks for confirmation before it acts. */
const ROW_ACTIONS: {
  action: DeviceAction;
  icon: ReactNode;
  danger?: boolean;
  when?: (row: DeviceRow) => boolean;
}[] = [
  { action: ACTION.SET_IDLE, icon: <PauseCircleOutlined />, when: (row) => !row.idle },
  { action: ACTION.CLEAR_IDLE, icon: <PlayCircleOutlined />, when: (row) => row.idle },
  { action: ACTION.REBOOT, icon: <RedoOutlined /> },
  { action: ACTION.SHUTDOWN, icon: <PoweroffOutlined />, danger: true },
  { action: ACTION.DELETE, icon: <DeleteOutlined />, danger: true },
];

function RowActions({
  row,
  manage,
  onDetails,
  onAction,
}: {
  row: DeviceRow;
  manage: boolean;
  onDetails: () => void;
  onAction: (action: DeviceAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0} className="device-actions">
      <Tooltip title={t('inventory.actions.dashboard')}>
        <Link
          to={dashboardPath(row.id)}
          aria-label={t('inventory.actions.dashboard')}
          data-testid={`device-dashboard-${row.sn}`}
        >
          <Button type="text" size="small" icon={<LineChartOutlined />} tabIndex={-1} />
        </Link>
      </Tooltip>
      <Tooltip title={t('terminal.open')}>
        <Link
          to={terminalPath(row.id)}
          aria-label={t('terminal.open')}
          data-testid={`device-terminal-${row.sn}`}
        >
          <Button type="text" size="small" icon={<CodeOutlined />} tabIndex={-1} />
        </Link>
      </Tooltip>
      <IconAction
        size="small"
        title={t('inventory.actions.details')}
        icon={<ProfileOutlined />}
        data-testid={`device-details-${row.sn}`}
        onClick={onDetails}
      />
      {manage &&
        ROW_ACTIONS.filter((a) => a.when?.(row) ?? true).map(({ action, icon, danger }) => (
          <IconAction
            key={action}
            size="small"
            danger={danger}
            title={t(`inventory.actions.${action}`)}
            icon={icon}
            data-testid={`device-${action}-${row.sn}`}
            onClick={() => onAction(action)}
          />
        ))}
    </Space>
  );
}

export function DeviceListPage() {
  const { t } = useTranslation();
  const { query, update, pagination } = useUrlQuery(inventoryListQuery);
  const live = useLiveList(query);
  const { data, isFetching } = useDeviceList(query);
  const { data: counts } = useDeviceCounts();
  const { data: groups } = useGroups();
  const { data: sortOptions } = useSortOptions();
  const { manage } = usePermission('Inventory');
  const [selected, setSelected] = useState<string[]>([]);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [assignOpen, setAssignOpen] = useState(false);
  const actions = useDeviceActions((row) => setSelected((s) => s.filter((id) => id !== row.id)));

  const rows = data?.list ?? [];
  const detailsRow = rows.find((r) => r.id === detailsId) ?? null;

  const groupOptions = [
    { value: '', label: t('inventory.list.allGroups') },
    { value: String(UNGROUPED), label: t('inventory.list.ungrouped') },
    ...(groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  const statusOptions = [
    { value: '', label: t('inventory.list.allStatuses') },
    ...deviceStatusLabels.map((s) => ({ value: s, label: t(`inventory.status.${s}`) })),
  ];
  // The server's option labels are English; only their values are used, with labels from the catalogue.
  const sortByOptions = (sortOptions?.sortBy.map((o) => o.value) ?? ['name'])
    .filter(isSortKey)
    .map((value) => ({ value, label: t(`inventory.sort.${value as DeviceSortKey}`) }));
  const orderOptions = (sortOptions?.order.map((o) => o.value) ?? ['asc'])
    .filter(isOrder)
    .map((value) => ({ value, label: t(`inventory.order.${value as SortOrder}`) }));

  return (
    <div className="inventory-page" data-testid="inventory-devices">
      <Row gutter={[20, 20]} className="inventory-top">
        <Col xs={24} md={9} xl={6}>
          <Card className="inventory-card" title={t('inventory.pie.title')}>
            <OnlinePie numOnline={counts?.numOnline ?? 0} numOffline={counts?.numOffline ?? 0} height={150} />
          </Card>
        </Col>
        <Col xs={24} md={15} xl={18}>
          <Card
            className="inventory-card"
            title={t('inventory.list.title')}
            extra={
              <Badge
                status={live === 'open' ? 'processing' : 'warning'}
                text={live === 'open' ? t('inventory.list.live') : t('inventory.list.connecting')}
                data-testid="live-state"
                data-state={live}
              />
            }
          >
            <div className="inventory-filters">
              <label className="inventory-filter inventory-filter-search">
                <SearchBox
                  value={query.search}
                  label={t('inventory.list.search')}
                  onSearch={(search) => update({ search })}
                  data-testid="device-search"
                />
              </label>
              <label className="inventory-filter">
                <span className="inventory-filter-label">{t('inventory.list.group')}</span>
                <Select
                  value={query.groupId === undefined ? '' : String(query.groupId)}
                  options={groupOptions}
                  onChange={(v: string) => update({ groupId: v })}
                  popupMatchSelectWidth={false}
                  data-testid="device-group-filter"
                />
              </label>
              <label className="inventory-filter">
                <span className="inventory-filter-label">{t('inventory.list.statusFilter')}</span>
                <Select
                  value={query.status ?? ''}
                  options={statusOptions}
                  onChange={(v: string) => update({ status: v })}
                  popupMatchSelectWidth={false}
                  data-testid="device-status-filter"
                />
              </label>
              <label className="inventory-filter">
                <span className="inventory-filter-label">{t('inventory.list.sortBy')}</span>
                <Select
                  value={query.sortBy}
                  options={sortByOptions}
                  onChange={(v: string) => update({ sortBy: v })}
                  popupMatchSelectWidth={false}
                  data-testid="device-sort"
                />
              </label>
              <label className="inventory-filter">
                <span className="inventory-filter-label">{t('inventory.list.order')}</span>
                <Select
                  value={query.order}
                  options={orderOptions}
                  onChange={(v: string) => update({ order: v })}
                  popupMatchSelectWidth={false}
                  data-testid="device-order"
                />
              </label>
            </div>
            <Space className="inventory-summary" size={24} wrap>
              <span>
                {t('inventory.list.total')}:{' '}
                <strong data-testid="device-total">{data?.totalNumber ?? 0}</strong>
              </span>
              {manage && (
                <Space>
                  {selected.length > 0 && (
                    <Typography.Text type="secondary">
                      {t('inventory.list.selected', { count: selected.length })}
                    </Typography.Text>
                  )}
                  <Button
                    icon={<FolderOpenOutlined />}
                    disabled={selected.length === 0}
                    onClick={() => setAssignOpen(true)}
                    data-testid="device-move-group"
                  >
                    {t('inventory.list.moveToGroup')}
                  </Button>
                </Space>
              )}
            </Space>
          </Card>
        </Col>
      </Row>

      <Card className="inventory-card inventory-table-card">
        <PaginatedTable<DeviceRow>
          rowKey="id"
          size="middle"
          loading={isFetching && !data}
          dataSource={rows}
          scroll={SCROLL_X}
          data-testid="device-table"
          rowSelection={
            manage
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                  preserveSelectedRowKeys: true,
                }
              : undefined
          }
          onRow={(row) =>
            ({ 'data-device-sn': row.sn, 'data-status': row.status }) as HTMLAttributes<HTMLElement>
          }
          pagination={pagination(data?.totalNumber ?? 0)}
          columns={[
            {
              key: 'name',
              title: t('inventory.columns.name'),
              render: (_: unknown, row) => (
                <div className="device-name-cell">
                  <Link to={dashboardPath(row.id)} data-testid={`device-link-${row.sn}`}>
                    {row.name}
                  </Link>
                  {row.deviceName !== row.name && (
                    <Typography.Text type="secondary" className="device-hostname">
                      {row.deviceName}
                    </Typography.Text>
                  )}
                </div>
              ),
            },
            { key: 'sn', dataIndex: 'sn', title: t('inventory.columns.sn') },
            { key: 'model', dataIndex: 'modelID', title: t('inventory.columns.model') },
            {
              key: 'ip',
              dataIndex: 'ip',
              title: t('inventory.columns.ip'),
              render: (ip: string) => <bdi>{ip}</bdi>,
            },
            {
              key: 'group',
              dataIndex: 'groupName',
              title: t('inventory.columns.group'),
              render: (name: string) =>
                name || <span className="muted">{t('inventory.list.ungrouped')}</span>,
            },
            {
              key: 'status',
              dataIndex: 'status',
              title: t('inventory.columns.status'),
              render: (status: DeviceStatusLabel, row) => (
                <StatusTag status={status} testId={`device-status-${row.sn}`} />
              ),
            },
            {
              key: 'signal',
              dataIndex: 'signalQuality',
              title: t('inventory.columns.signal'),
              render: (q: DeviceRow['signalQuality']) => <SignalTag quality={q} />,
            },
            {
              key: 'load',
              dataIndex: 'loadLevel',
              title: t('inventory.columns.load'),
              render: (l: DeviceRow['loadLevel']) => <LoadTag level={l} />,
            },
            {
              key: 'upTime',
              dataIndex: 'upTime',
              title: t('inventory.columns.upTime'),
              render: (s: number, row) =>
                row.online ? (
                  formatUptime(t, s)
                ) : (
                  <span className="muted">{t('inventory.notAvailable')}</span>
                ),
            },
            {
              key: 'lastSeen',
              dataIndex: 'lastSeen',
              title: t('inventory.columns.lastSeen'),
              render: dateTimeCell,
            },
            {
              key: 'actions',
              title: t('inventory.columns.actions'),
              fixed: STICKY_END,
              render: (_: unknown, row) => (
                <RowActions
                  row={row}
                  manage={manage}
                  onDetails={() => setDetailsId(row.id)}
                  onAction={(action) => void actions.run(action, row)}
                />
              ),
            },
          ]}
        />
      </Card>

      <DeviceDetailsDrawer device={detailsRow} onClose={() => setDetailsId(null)} />
      <AssignGroupModal
        open={assignOpen}
        deviceIds={selected}
        onClose={(moved) => {
          setAssignOpen(false);
          if (moved) setSelected([]);
        }}
      />
    </div>
  );
}
