/**
 * Sign-in lock-outs, under the Admin ACL: the accounts and addresses the sign-in throttle is refusing now,
 * with a way for an administrator to let one, or all, in again at once.
 */
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LockoutView } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { dateTimeCell } from '../../../components/tableCells.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import { useClearLockouts, useLockouts } from './api.ts';

const rowKey = (row: LockoutView) => `${row.account ?? ''}|${row.ip ?? ''}`;

export function LockoutsCard() {
  const { t } = useTranslation();
  const { data, isFetching } = useLockouts();
  const { manage } = usePermission('Security');
  const clear = useClearLockouts();
  const { act } = useConfirmAct();
  // A failed clear is toasted by the query layer; act keeps it from surfacing as an unhandled rejection.
  const run = (filter: { account?: string; ip?: string }) =>
    act({ run: () => clear.mutateAsync(filter), done: messageText(t, 'lockoutsCleared') });
  const list = data?.list ?? [];

  return (
    <Card
      className="settings-card"
      title={t('lockouts.title')}
      data-testid="lockouts"
      extra={
        <Button
          danger
          disabled={!manage || list.length === 0}
          loading={clear.isPending}
          onClick={() => void run({})}
          data-testid="lockouts-clear-all"
        >
          {t('lockouts.clearAll')}
        </Button>
      }
    >
      <p className="card-intro">{t('lockouts.intro')}</p>
      <PaginatedTable<LockoutView>
        rowKey={rowKey}
        size="middle"
        loading={isFetching && !data}
        dataSource={list}
        columns={[
          {
            key: 'account',
            dataIndex: 'account',
            title: t('lockouts.account'),
            render: (v: string | null) => v ?? t('lockouts.any'),
          },
          {
            key: 'ip',
            dataIndex: 'ip',
            title: t('lockouts.address'),
            render: (v: string | null) => v ?? t('lockouts.any'),
          },
          { key: 'failures', dataIndex: 'failures', title: t('lockouts.failures') },
          { key: 'until', dataIndex: 'until', title: t('lockouts.until'), render: dateTimeCell },
          {
            key: 'clear',
            title: '',
            render: (_: unknown, row: LockoutView) => (
              <Space>
                <Button
                  size="small"
                  disabled={!manage}
                  onClick={() => void run({ account: row.account ?? undefined, ip: row.ip ?? undefined })}
                >
                  {t('lockouts.clear')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
