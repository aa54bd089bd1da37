/** Each LAN port's VLAN mode: access in one VLAN, or trunk over a list of VLANs. */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VlanPort } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { vidLabel } from './vidLabel.ts';

export function VlanPortTable({
  ports,
  onEdit,
}: {
  ports: readonly VlanPort[];
  onEdit: (port: VlanPort) => void;
}) {
  const { t } = useTranslation();
  return (
    <PaginatedTable<VlanPort>
      size="small"
      rowKey="port"
      data-testid="vlan-port-table"
      dataSource={[...ports]}
      columns={[
        { title: t('deviceSettings.vlan.port'), dataIndex: 'port' },
        { title: t('deviceSettings.vlan.mode'), render: (_, p) => t(`deviceSettings.vlan.modes.${p.mode}`) },
        {
          title: t('deviceSettings.vlan.vlans'),
          render: (_, p) => (p.mode === 'trunk' ? p.vids : vidLabel(t, p.vid)),
        },
        {
          title: t('deviceSettings.actions'),
          render: (_, p) => (
            <Button size="small" data-testid="vlan-port-edit" onClick={() => onEdit(p)}>
              {t('deviceSettings.edit')}
            </Button>
          ),
        },
      ]}
    />
  );
}
