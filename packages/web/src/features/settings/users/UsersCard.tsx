/**
 * Account management (SPEC 2, 4): the users with number, name and account type; administrators add, edit,
 * suspend, re-activate and delete accounts and set their icons. Each change is confirmed first; what the
 * server refuses ('This user is currently used.', 'At least one administrator must remain.') comes back as a toast.
 */
import { useState, type HTMLAttributes } from 'react';
import { Avatar, Button, Card, Space, Tag, Upload } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  PauseCircleOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUS, ICON_UPLOAD, type UserView } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { SCROLL_X, STICKY_END, dateTimeCell } from '../../../components/tableCells.tsx';
import { IconAction } from '../../../components/table/IconAction.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { acceptOf, imageFileProblem } from '../../../components/imageFile.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import {
  uploadUserIcon,
  useDeleteUser,
  useReactivateUser,
  useSuspendUser,
  useUsers,
  userIconUrl,
} from './api.ts';
import { UserFormModal } from './UserFormModal.tsx';

const ICON_ACCEPT = acceptOf(ICON_UPLOAD.types);

export function UsersCard() {
  const { t } = useTranslation();
  const { data, isFetching, refetch } = useUsers();
  const { manage } = usePermission('Account');
  const { act } = useConfirmAct();
  const suspend = useSuspendUser();
  const reactivate = useReactivateUser();
  const remove = useDeleteUser();
  const [editor, setEditor] = useState<{ open: boolean; user?: UserView }>({ open: false });
  const [iconVersion, setIconVersion] = useState(() => Date.now());

  const setIcon = (user: UserView, file: File) => {
    const problem = imageFileProblem(file, ICON_UPLOAD, 'iconType');
    if (problem) {
      toast.error(messageText(t, problem));
      return;
    }
    void act({
      run: () => uploadUserIcon(user.id, file),
      done: t('messages.saved'),
      then: () => {
        setIconVersion(Date.now());
        void refetch();
      },
      toastErrors: 'applyError',
    });
  };

  const suspendUser = (user: UserView) =>
    act({
      confirm: { message: 'confirmSuspend', okText: t('users.suspend'), danger: true },
      run: () => suspend.mutateAsync(user.id),
      done: t('users.suspendedDone', { name: user.name }),
    });
  const reactivateUser = (user: UserView) =>
    act({
      confirm: {
        message: t('users.confirmReactivate', { name: user.name }),
        kind: 'info',
        okText: t('users.reactivate'),
      },
      run: () => reactivate.mutateAsync(user.id),
      done: t('users.reactivatedDone', { name: user.name }),
    });
  const deleteUser = (user: UserView) =>
    act({
      confirm: { message: 'irreversible', okText: t('users.delete'), danger: true },
      run: () => remove.mutateAsync(user.id),
      done: t('messages.deleted'),
    });

  const actions = (user: UserView) => {
    const active = user.status === ACCOUNT_STATUS.active;
    return (
      <Space size={2} wrap>
        <IconAction
          title={t('users.edit')}
          icon={<EditOutlined />}
          data-testid={`user-edit-${user.name}`}
          onClick={() => setEditor({ open: true, user })}
        />
        {active ? (
          <IconAction
            title={t('users.suspend')}
            icon={<PauseCircleOutlined />}
            data-testid={`user-suspend-${user.name}`}
            onClick={() => void suspendUser(user)}
          />
        ) : (
          <IconAction
            title={t('users.reactivate')}
            icon={<PlayCircleOutlined />}
            data-testid={`user-reactivate-${user.name}`}
            onClick={() => void reactivateUser(user)}
          />
        )}
        <Upload
          accept={ICON_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            setIcon(user, file);
            return Upload.LIST_IGNORE;
          }}
        >
          <IconAction
            title={t('users.uploadIcon')}
            icon={<PictureOutlined />}
            data-testid={`user-icon-${user.name}`}
          />
        </Upload>
        <IconAction
          danger
          title={t('users.delete')}
          icon={<DeleteOutlined />}
          data-testid={`user-delete-${user.name}`}
          onClick={() => void deleteUser(user)}
        />
      </Space>
    );
  };

  return (
    <Card
      title={t('users.title')}
      className="settings-card"
      extra={
        manage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditor({ open: true })}
            data-testid="user-create"
          >
            {t('users.create')}
          </Button>
        )
      }
    >
      <PaginatedTable<UserView>
        rowKey="id"
        size="middle"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        scroll={SCROLL_X}
        onRow={(user) => ({ 'data-testid': `user-row-${user.name}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'number', dataIndex: 'number', title: t('users.number'), width: 72 },
          {
            key: 'icon',
            title: t('users.icon'),
            width: 64,
            render: (_, user) => (
              <Avatar
                size="small"
                icon={<UserOutlined />}
                src={user.hasIcon ? userIconUrl(user.id, iconVersion) : undefined}
                alt=""
              />
            ),
          },
          { key: 'name', dataIndex: 'name', title: t('users.name') },
          {
            key: 'type',
            dataIndex: 'type',
            title: t('users.accountType'),
            render: (type: UserView['type']) => (
              <Tag color={type === 'Admin' ? 'blue' : 'green'}>{t(`accountTypes.${type}`)}</Tag>
            ),
          },
          { key: 'roleName', dataIndex: 'roleName', title: t('users.permission') },
          { key: 'email', dataIndex: 'email', title: t('users.email') },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('users.status'),
            render: (status: number) =>
              status === ACCOUNT_STATUS.active ? (
                <Tag color="success">{t('users.active')}</Tag>
              ) : (
                <Tag color="error">{t('users.suspended')}</Tag>
              ),
          },
          {
            key: 'lastUsedAt',
            dataIndex: 'lastUsedAt',
            title: t('users.lastUsed'),
            render: dateTimeCell,
          },
          ...(manage
            ? [
                {
                  key: 'actions',
                  title: t('users.actions'),
                  fixed: STICKY_END,
                  render: (_: unknown, user: UserView) => actions(user),
                },
              ]
            : []),
        ]}
      />
      <UserFormModal
        open={editor.open}
        user={editor.user}
        roles={data?.roles ?? []}
        onClose={() => setEditor({ open: false })}
      />
    </Card>
  );
}
