/**
 * Inventory > Groups: the groups with their device counts (GET /api/v2/inventory/group/list), create,
 * rename, delete ('Are you sure you want to delete this group?'), and the devices in no group. Devices are
 * moved into a group from the device list (select rows, Move to group) or from a device's details.
 */
import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, GROUP_NAME_MAX, type GroupRowV2 } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { SCROLL_X, STICKY_END } from '../../../components/tableCells.tsx';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { toast } from '../../../components/notifications/toast.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import { useCreateGroup, useDeleteGroup, useGroupsV2, useRenameGroup } from '../api.ts';
import { serverText } from '../serverText.ts';
import { useLiveInventory } from '../live/useLiveInventory.ts';
import { devicesPath } from '../paths.ts';

const UNGROUPED = 0;

export function GroupsPage() {
  const { t } = useTranslation();
  useLiveInventory();
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data, isFetching } = useGroupsV2(paging);
  const { manage } = usePermission('Inventory');
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const remove = useDeleteGroup();
  const { confirmThen } = useConfirm();
  const [form] = Form.useForm<{ name: string }>();
  const [editing, setEditing] = useState<GroupRowV2 | null>(null);
  const [newName, setNewName] = useState('');

  const nameRules = [
    { required: true, whitespace: true, message: messageText(t, 'groupNameEmpty') },
    { max: GROUP_NAME_MAX, message: messageText(t, 'groupNameLength') },
  ];

  const add = async ({ name }: { name: string }) => {
    await create.mutateAsync(name.trim());
    toast.success(messageText(t, 'groupCreated'));
    form.resetFields();
  };
  const saveRename = async () => {
    if (!editing) return;
    await rename.mutateAsync({ id: editing.id, name: newName.trim() });
    toast.success(messageText(t, 'groupEdited'));
    setEditing(null);
  };
  const deleteGroup = (group: GroupRowV2) =>
    confirmThen(
      {
        message: `${t('inventory.groups.confirmDelete')} ${t('inventory.groups.deleteHint')}`,
        danger: true,
        okText: t('inventory.groups.delete'),
      },
      async () => {
        const answer = await remove.mutateAsync(group.id);
        toast.success(serverText(t, answer.message));
      },
    );

  return (
    <div className="inventory-page" data-testid="inventory-groups">
      {manage && (
        <Card className="inventory-card" title={t('inventory.groups.create')}>
          <Form
            form={form}
            layout="inline"
            className="inline-add-form"
            onFinish={(v) => void add(v).catch(() => undefined)}
          >
            <Form.Item name="name" rules={nameRules} className="inline-add-grow">
              <Input
                placeholder={t('inventory.groups.name')}
                aria-label={t('inventory.groups.name')}
                maxLength={GROUP_NAME_MAX}
                data-testid="group-name"
              />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={create.isPending}
              data-testid="group-create"
            >
              {t('inventory.groups.add')}
            </Button>
          </Form>
        </Card>
      )}
      <Card
        className="inventory-card"
        title={t('inventory.groups.title')}
        extra={
          data && (
            <Typography.Text type="secondary" data-testid="ungrouped-counts">
              {t('inventory.groups.ungroupedCounts', {
                total: data.ungrouped.numOnline + data.ungrouped.numOffline,
                online: data.ungrouped.numOnline,
                offline: data.ungrouped.numOffline,
              })}
            </Typography.Text>
          )
        }
      >
        <PaginatedTable<GroupRowV2>
          rowKey="id"
          size="middle"
          loading={isFetching && !data}
          dataSource={data?.list ?? []}
          scroll={SCROLL_X}
          data-testid="group-table"
          onRow={(g) => ({ 'data-group': g.name }) as HTMLAttributes<HTMLElement>}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.totalNumber ?? 0,
            onChange: (page, pageSize) =>
              setPaging((p) => ({ page: pageSize === p.pageSize ? page : 1, pageSize })),
          }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('inventory.groups.name') },
            { key: 'numDevices', dataIndex: 'numDevices', title: t('inventory.groups.devices') },
            {
              key: 'numOnline',
              dataIndex: 'numOnline',
              title: t('inventory.groups.online'),
              render: (n: number) => <span className={n > 0 ? 'count-online' : 'muted'}>{n}</span>,
            },
            {
              key: 'numOffline',
              dataIndex: 'numOffline',
              title: t('inventory.groups.offline'),
              render: (n: number) => <span className="count-offline">{n}</span>,
            },
            {
              key: 'actions',
              title: t('inventory.columns.actions'),
              fixed: STICKY_END,
              render: (_: unknown, group) => (
                <Space size={0}>
                  <Tooltip title={t('inventory.groups.showDevices')}>
                    <Link
                      to={`${devicesPath}?group=${group.id}`}
                      aria-label={t('inventory.groups.showDevices')}
                    >
                      <Button type="text" size="small" icon={<UnorderedListOutlined />} tabIndex={-1} />
                    </Link>
                  </Tooltip>
                  {manage && (
                    <Tooltip title={t('inventory.groups.rename')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('inventory.groups.rename')}
                        data-testid={`group-rename-${group.name}`}
                        onClick={() => {
                          setEditing(group);
                          setNewName(group.name);
                        }}
                      />
                    </Tooltip>
                  )}
                  {manage && (
                    <Tooltip title={t('inventory.groups.delete')}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('inventory.groups.delete')}
                        data-testid={`group-delete-${group.name}`}
                        onClick={() => void deleteGroup(group)}
                      />
                    </Tooltip>
                  )}
                </Space>
              ),
            },
          ]}
        />
        <Link to={`${devicesPath}?group=${UNGROUPED}`} className="ungrouped-link">
          {t('inventory.groups.showUngrouped')}
        </Link>
      </Card>
      <Modal
        open={editing !== null}
        title={t('inventory.groups.renameTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={rename.isPending}
        okButtonProps={{ disabled: !newName.trim() }}
        onOk={() => void saveRename().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Input
          value={newName}
          maxLength={GROUP_NAME_MAX}
          aria-label={t('inventory.groups.name')}
          onChange={(e) => setNewName(e.target.value)}
          onPressEnter={() => void saveRename().catch(() => undefined)}
          data-testid="group-rename-input"
        />
      </Modal>
    </div>
  );
}
