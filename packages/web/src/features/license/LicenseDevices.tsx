/** A licence's devices (SPEC 2): name, SN and expiry, sorted by expiry ascending or descending on the server. */
import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LicenseDevice, SortOrder } from '@edge/protocol';
import { DEFAULT_PAGE_SIZE } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { useLicenseDevices } from './api.ts';

type AntdOrder = 'ascend' | 'descend';
const ANTD_ORDER: Record<SortOrder, AntdOrder> = { asc: 'ascend', desc: 'descend' };
const ORDER_OF: Record<AntdOrder, SortOrder> = { ascend: 'asc', descend: 'desc' };
/** Expiry is always sorted one way or the other: a third click goes back to ascending. */
const DIRECTIONS: AntdOrder[] = ['ascend', 'descend', 'ascend'];
const DEFAULT_ORDER: SortOrder = 'asc';

export function LicenseDevices({ id }: { id: string }) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<SortOrder>(DEFAULT_ORDER);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const { data, isLoading } = useLicenseDevices(id, order, page, pageSize);
  return (
    <PaginatedTable<LicenseDevice>
      rowKey="sn"
      size="small"
      loading={isLoading}
      dataSource={data?.list ?? []}
      data-testid="license-devices"
      pagination={{
        current: page,
        pageSize,
        total: data?.totalNumber ?? 0,
        onChange: (next, size) => {
          setPage(next);
          setPageSize(size);
        },
      }}
      onChange={(_p, _f, sorter) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        setOrder(one?.order ? ORDER_OF[one.order] : DEFAULT_ORDER);
        setPage(1);
      }}
      columns={[
        {
          key: 'name',
          title: t('license.deviceName'),
          render: (_, d) => d.name || <Tag>{t('license.notAdopted')}</Tag>,
        },
        { key: 'sn', dataIndex: 'sn', title: t('license.sn') },
        {
          key: 'expire',
          dataIndex: 'expire',
          title: t('license.expire'),
          sorter: true,
          sortDirections: DIRECTIONS,
          sortOrder: ANTD_ORDER[order],
          render: (expire: string, d) => (
            <span>
              {expire} {d.deviceId && !d.covered && <Tag>{t('license.coveredElsewhere')}</Tag>}
            </span>
          ),
        },
      ]}
    />
  );
}
