/** The blacklist (SPEC 2 "blacklist with unblock"): the MACs the device shuts out. */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BlockedClient } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';

export function BlacklistTable({
  blacklist,
  onUnblock,
}: {
  blacklist: BlockedClient[];
  onUnblock: (mac: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <PaginatedTable<BlockedClient>
      size="small"
      rowKey="mac"
      dataSource={blacklist}
      data-testid="clients-blacklist"
      columns={[
        { title: t('deviceSettings.clients.mac'), dataIndex: 'mac' },
        { title: t('deviceSettings.clients.hostname'), dataIndex: 'name' },
        {
          title: t('deviceSettings.actions'),
          render: (_, row) => (
            <Button
              size="small"
              data-testid={`clients-unblock-${row.mac}`}
              onClick={() => onUnblock(row.mac)}
            >
              {t('deviceSettings.clients.unblock')}
            </Button>
          ),
        },
      ]}
    />
  );
}
