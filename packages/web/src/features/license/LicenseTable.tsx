/**
 * The uploaded licences in priority order (1 first: a device goes to the first licence in force that may
 * take it): status, dates, devices it may cover, used and unused; raise or lower a licence's priority,
 * delete it, and open its device list.
 */
import { Button, Space, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LicenseView } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { IconAction } from '../../components/table/IconAction.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useDeleteLicense, useSetPriority } from './api.ts';
import { LicenseDevices } from './LicenseDevices.tsx';

const STATUS_COLOUR = { Pending: 'blue', Active: 'green', Expired: 'default' } as const;

export function LicenseTable({
  licenses,
  loading,
  manage,
}: {
  licenses: LicenseView[];
  loading: boolean;
  manage: boolean;
}) {
  const { t } = useTranslation();
  const setPriority = useSetPriority();
  const remove = useDeleteLicense();
  const { act } = useConfirmAct();
  const move = (l: LicenseView, priority: number) =>
    act({ run: () => setPriority.mutateAsync({ id: l.id, priority }) });
  const deleteLicense = (l: LicenseView) =>
    act({
      confirm: {
        message: t('license.confirmDelete', { name: l.name }),
        danger: true,
        okText: t('license.delete'),
      },
      run: () => remove.mutateAsync(l.id),
      done: messageText(t, 'licenseDeleted'),
    });

  return (
    <PaginatedTable<LicenseView>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={licenses}
      scroll={SCROLL_X}
      locale={{ emptyText: t('license.empty') }}
      data-testid="license-table"
      expandable={{
        expandedRowRender: (l) => <LicenseDevices id={l.id} />,
        expandIcon: ({ expanded, onExpand, record }) => (
          <Button
            size="small"
            type="link"
            data-testid={`license-devices-${record.id}`}
            onClick={(e) => onExpand(record, e)}
          >
            {expanded ? '−' : '+'} {t('license.showDevices')}
          </Button>
        ),
      }}
      columns={[
        { key: 'priority', dataIndex: 'priority', title: t('license.priority'), width: 90 },
        { key: 'name', dataIndex: 'name', title: t('license.name') },
        {
          key: 'status',
          title: t('license.status'),
          render: (_, l) => (
            <Tag color={STATUS_COLOUR[l.statusName]}>{t(`license.statusName.${l.statusName}`)}</Tag>
          ),
        },
        { key: 'kind', title: t('license.type'), render: (_, l) => t(`license.kind.${l.kind}`) },
        { key: 'start', dataIndex: 'startDate', title: t('license.startDate') },
        { key: 'end', dataIndex: 'endDate', title: t('license.endDate') },
        { key: 'number', dataIndex: 'number', title: t('license.number') },
        { key: 'used', dataIndex: 'used', title: t('license.used') },
        { key: 'unused', dataIndex: 'unused', title: t('license.unused') },
        ...(manage
          ? [
              {
                key: 'actions',
                title: t('license.actions'),
                render: (_: unknown, l: LicenseView) => (
                  <Space size={0}>
                    {l.priority > 1 && (
                      <IconAction
                        title={t('license.moveUp')}
                        icon={<ArrowUpOutlined />}
                        data-testid={`license-up-${l.id}`}
                        onClick={() => void move(l, l.priority - 1)}
                      />
                    )}
                    {l.priority < licenses.length && (
                      <IconAction
                        title={t('license.moveDown')}
                        icon={<ArrowDownOutlined />}
                        data-testid={`license-down-${l.id}`}
                        onClick={() => void move(l, l.priority + 1)}
                      />
                    )}
                    <IconAction
                      title={t('license.delete')}
                      icon={<DeleteOutlined />}
                      danger
                      data-testid={`license-delete-${l.id}`}
                      onClick={() => void deleteLicense(l)}
                    />
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
