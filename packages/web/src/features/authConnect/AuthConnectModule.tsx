/**
 * The Auth Connect app (SPEC 1, 3): the accounts devices check Wi-Fi hotspot and 802.1X users against,
 * with the devices and groups each is pushed to; create, edit and delete (with confirmation).
 */
import { useState } from 'react';
import { Button, Card, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AuthConnectAccountView } from '@edge/protocol';
import { PaginatedTable } from '../../components/PaginatedTable.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { IconAction } from '../../components/table/IconAction.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import { AccountForm } from './AccountForm.tsx';
import { useAuthConnectAccounts, useDeleteAccount } from './api.ts';
import '../../components/page.css';

export default function AuthConnectModule() {
  const { t } = useTranslation();
  const { manage } = usePermission('AuthConnect');
  const accounts = useAuthConnectAccounts();
  const remove = useDeleteAccount();
  const { act } = useConfirmAct();
  const [editing, setEditing] = useState<AuthConnectAccountView | null | undefined>(undefined);

  const deleteAccount = (a: AuthConnectAccountView) =>
    act({
      confirm: {
        message: t('authConnect.confirmDelete', { name: a.name }),
        danger: true,
        okText: t('authConnect.delete'),
      },
      run: () => remove.mutateAsync(a.id),
      done: messageText(t, 'authConnectDeleted'),
    });

  return (
    <div className="settings-stack">
      <Card
        className="settings-card"
        title={t('authConnect.title')}
        extra={
          manage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing(null)}
              data-testid="auth-connect-add"
            >
              {t('authConnect.create')}
            </Button>
          )
        }
      >
        <PaginatedTable<AuthConnectAccountView>
          rowKey="id"
          size="middle"
          loading={accounts.isLoading}
          dataSource={accounts.data ?? []}
          scroll={SCROLL_X}
          locale={{ emptyText: t('authConnect.empty') }}
          data-testid="auth-connect-table"
          columns={[
            { key: 'name', dataIndex: 'name', title: t('authConnect.name') },
            {
              key: 'targets',
              title: t('authConnect.targets'),
              render: (_, a) => (
                <Space wrap>
                  <Tag>{t('authConnect.deviceCount', { count: a.deviceIds.length })}</Tag>
                  <Tag>{t('authConnect.groupCount', { count: a.groupIds.length })}</Tag>
                </Space>
              ),
            },
            {
              key: 'updated',
              title: t('authConnect.updatedAt'),
              render: (_, a) => new Date(a.updatedAt).toLocaleString(),
            },
            ...(manage
              ? [
                  {
                    key: 'actions',
                    title: t('authConnect.actions'),
                    width: 110,
                    render: (_: unknown, a: AuthConnectAccountView) => (
                      <Space>
                        <IconAction
                          icon={<EditOutlined />}
                          title={t('authConnect.edit')}
                          onClick={() => setEditing(a)}
                          data-testid={`auth-connect-edit-${a.id}`}
                        />
                        <IconAction
                          icon={<DeleteOutlined />}
                          title={t('authConnect.delete')}
                          danger
                          onClick={() => deleteAccount(a)}
                          data-testid={`auth-connect-delete-${a.id}`}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing !== undefined && <AccountForm account={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
