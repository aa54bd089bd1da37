/** A change waiting for its confirmation: the time left, keep it, or roll back now. */
import { useEffect, useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NetworkState } from '@edge/protocol';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { useConfirmNetwork, useRollbackNetwork } from './api.ts';

export function PendingChange({
  pending,
  manage,
}: {
  pending: NonNullable<NetworkState['pending']>;
  manage: boolean;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmNetwork();
  const rollback = useRollbackNetwork();
  const { act, busy } = useConfirmAct();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((pending.deadline - now) / 1000));

  const keep = () =>
    void act({ run: () => confirm.mutateAsync(undefined), done: messageText(t, 'networkConfirmed') });
  const rollBack = () =>
    void act({
      confirm: { message: t('network.confirmRollback'), okText: t('network.rollback'), kind: 'warning' },
      run: () => rollback.mutateAsync(undefined),
      done: messageText(t, 'networkRolledBack'),
    });

  return (
    <Alert
      type="warning"
      showIcon
      className="card-alert"
      data-testid="network-pending"
      title={t('network.pending', { name: pending.name, seconds })}
      action={
        manage && (
          <Space wrap>
            <Button type="primary" loading={busy} data-testid="network-keep" onClick={keep}>
              {t('network.keep')}
            </Button>
            <Button danger loading={busy} data-testid="network-rollback" onClick={rollBack}>
              {t('network.rollback')}
            </Button>
          </Space>
        )
      }
    />
  );
}
