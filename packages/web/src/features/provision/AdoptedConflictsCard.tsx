/**
 * Adopted devices whose serial another agent asked to enrol with a different key (issue 13). The adopted
 * key is never replaced; the operator compares both fingerprints with the device's log, then dismisses the
 * flag (the other agent was an impostor) or removes the device in Inventory (the adopted one was).
 * Shown only while there is something to settle.
 */
import { Button, Card, Typography } from 'antd';
import { CheckOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdoptedConflictView } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { SCROLL_X, dateTimeCell } from '../../components/tableCells.tsx';
import { actionsColumn } from './actionsColumn.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { usePermission } from '../account/permissions.ts';
import { serverText } from '../inventory/serverText.ts';
import { useAdoptedConflicts, useDismissConflict } from './api.ts';

const fingerprintCell = (fingerprint: string) => (
  <Typography.Text code>
    <bdi>{fingerprint}</bdi>
  </Typography.Text>
);

export function AdoptedConflictsCard() {
  const { t } = useTranslation();
  const { manage } = usePermission('Provision');
  const { data } = useAdoptedConflicts();
  const dismiss = useDismissConflict();
  const { act } = useConfirmAct();
  if (!data?.list.length) return null;

  const dismissOne = (device: AdoptedConflictView) =>
    act({
      confirm: {
        message: t('provision.adoptedConflicts.confirmDismiss', { sn: device.sn }),
        okText: t('provision.adoptedConflicts.dismiss'),
      },
      run: () => dismiss.mutateAsync({ id: device.id }),
      done: (answer) => serverText(t, answer.message),
    });

  return (
    <Card
      className="provision-card"
      title={
        <>
          <WarningOutlined /> {t('provision.adoptedConflicts.title')}
        </>
      }
      data-testid="adopted-conflicts"
    >
      <Typography.Paragraph type="secondary">{t('provision.adoptedConflicts.hint')}</Typography.Paragraph>
      <PaginatedTable<AdoptedConflictView>
        rowKey="id"
        size="middle"
        dataSource={data.list}
        scroll={SCROLL_X}
        columns={[
          { key: 'sn', dataIndex: 'sn', title: t('provision.columns.sn') },
          { key: 'name', dataIndex: 'name', title: t('provision.columns.name') },
          {
            key: 'fingerprint',
            dataIndex: 'fingerprint',
            title: t('provision.adoptedConflicts.adoptedKey'),
            render: fingerprintCell,
          },
          {
            key: 'conflictFingerprint',
            dataIndex: 'conflictFingerprint',
            title: t('provision.adoptedConflicts.otherKey'),
            render: (fingerprint: string, device: AdoptedConflictView) => (
              <span data-testid={`adopted-conflict-${device.sn}`}>{fingerprintCell(fingerprint)}</span>
            ),
          },
          {
            key: 'conflictAt',
            dataIndex: 'conflictAt',
            title: t('provision.adoptedConflicts.when'),
            render: dateTimeCell,
          },
          ...actionsColumn(manage, t, (device: AdoptedConflictView) => (
            <Button
              size="small"
              icon={<CheckOutlined />}
              onClick={() => void dismissOne(device)}
              data-testid={`adopted-conflict-dismiss-${device.sn}`}
            >
              {t('provision.adoptedConflicts.dismiss')}
            </Button>
          )),
        ]}
      />
    </Card>
  );
}
