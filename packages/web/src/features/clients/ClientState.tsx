/**
 * A client's state in the list, as its device has it: blocking or unblocking while the device has not
 * reported the change applied (the server's `blockChange`), then blocked, connected or away.
 */
import { Space, Tag } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ClientRow } from '@edge/protocol';

/** Whether a block is asked for, applied or on its way: the row offers Unblock then, and no Unlink. */
export const blockAsked = (r: Pick<ClientRow, 'blocked' | 'blockChange'>): boolean =>
  r.blockChange === 'blocking' || (r.blocked && r.blockChange !== 'unblocking');

export function ClientState({ row }: { row: ClientRow }) {
  const { t } = useTranslation();
  return (
    <Space size={4} data-testid="client-state">
      {row.blockChange ? (
        <Tag color="processing" icon={<SyncOutlined spin />}>
          {t(`clients.${row.blockChange}`)}
        </Tag>
      ) : row.blocked ? (
        <Tag color="red">{t('clients.blocked')}</Tag>
      ) : row.connected ? (
        <Tag color="green">{t('clients.connected')}</Tag>
      ) : (
        <Tag>{t('clients.away')}</Tag>
      )}
    </Space>
  );
}
