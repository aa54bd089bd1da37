/** The DHCP servers of a device, one row per VLAN, each with Edit and Delete. */
import { useTranslation } from 'react-i18next';
import type { DhcpPool } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { SCROLL_X, STICKY_END } from '../../../components/tableCells.tsx';
import { RowActions } from '../../../components/table/RowActions.tsx';
import { leaseValueOf } from './leaseTime.ts';
import { vidLabel } from '../vlan/vidLabel.ts';

export function DhcpPoolTable({
  pools,
  onEdit,
  onDelete,
}: {
  pools: readonly DhcpPool[];
  onEdit: (pool: DhcpPool) => void;
  onDelete: (pool: DhcpPool) => void;
}) {
  const { t } = useTranslation();
  return (
    <PaginatedTable<DhcpPool>
      size="small"
      rowKey="vid"
      data-testid="dhcp-table"
      scroll={SCROLL_X}
      dataSource={[...pools]}
      columns={[
        { title: t('deviceSettings.dhcp.vid'), render: (_, pool) => vidLabel(t, pool.vid) },
        { title: t('deviceSettings.dhcp.description'), dataIndex: 'description' },
        { title: t('deviceSettings.dhcp.gateway'), dataIndex: 'gateway' },
        {
          title: t('deviceSettings.dhcp.range'),
          render: (_, pool) =>
            t('deviceSettings.dhcp.rangeText', {
              start: pool.address_range_1,
              end: pool.address_range_2,
              netmask: pool.netmask,
            }),
        },
        { title: t('deviceSettings.dhcp.dns'), dataIndex: 'dns' },
        {
          title: t('deviceSettings.dhcp.lease'),
          render: (_, pool) => {
            const lease = leaseValueOf(pool.maximun_lease_time);
            return `${lease.number} ${t(`units.${lease.unit}`)}`;
          },
        },
        {
          title: t('deviceSettings.actions'),
          fixed: STICKY_END,
          render: (_, pool) => (
            <RowActions data-testid="dhcp-pool" onEdit={() => onEdit(pool)} onDelete={() => onDelete(pool)} />
          ),
        },
      ]}
    />
  );
}
