/** The VLANs of the LAN bridge: ID and description, each with Edit and Delete. */
import { useTranslation } from 'react-i18next';
import type { VlanEntry } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { RowActions } from '../../../components/table/RowActions.tsx';

export function VlanTable({
  vlans,
  onEdit,
  onDelete,
}: {
  vlans: readonly VlanEntry[];
  onEdit: (vlan: VlanEntry) => void;
  onDelete: (vlan: VlanEntry) => void;
}) {
  const { t } = useTranslation();
  return (
    <PaginatedTable<VlanEntry>
      size="small"
      rowKey="vid"
      data-testid="vlan-table"
      dataSource={[...vlans]}
      columns={[
        { title: t('deviceSettings.vlan.vid'), dataIndex: 'vid' },
        { title: t('deviceSettings.vlan.description'), dataIndex: 'description' },
        {
          title: t('deviceSettings.actions'),
          render: (_, vlan) => (
            <RowActions
              data-testid="vlan-entry"
              onEdit={() => onEdit(vlan)}
              onDelete={() => onDelete(vlan)}
            />
          ),
        },
      ]}
    />
  );
}
