/**
 * Inventory > Groups: the groups with their device counts (GET /api/v2/inventory/group/list), create,
 * rename, delete ('Are you sure you want to delete this group?'), and the devices in no group. Devices are
 * moved into a group from the device list (select rows, Move to group) or from a device's details.
 */
import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Form, Input, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  GROUP_NAME_MAX,
  groupCreateRequest,
  groupEditRequest,
  groupListV2Query,
  type GroupRowV2,
} from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { SCROLL_X, STICKY_END } from '../../../components/tableCells.tsx';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { IconAction } from '../../../components/table/IconAction.tsx';
import { useUrlQuery } from '../../../components/table/useUrlQuery.ts';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import { useCreateGroup, useDeleteGroup, useGroupsV2, useRenameGroup } from '../api.ts';
import { serverText } from '../serverText.ts';
import { useLiveInventory } from '../live/useLiveInventory.ts';
import { devicesPath } from '../paths.ts';

const UNGROUPED = 0;
const NAME = ['name'] as const;

interface GroupName {
  name: string;
}

/** Rename a group: the new name is checked with the protocol's own rule before it is sent. */
function RenameGroupModal({ group, onClose }: { group: GroupRowV2; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupName>();
  const rename = useRenameGroup();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(groupEditRequest, NAME, {
    values: () => ({ id: group.id, ...form.getFieldsValue(true) }),
  });
  const save = ({ name }: GroupName) =>
    act({
      run: () => rename.mutateAsync({ id: group.id, name: name.trim() }),
      done: messageText(t, 'groupEdited'),
      then: onClose,
    });
  return (
    <RowFormModal<GroupName>
      title={t('inventory.groups.renameTitle')}
      okText={t('common.save')}
      form={form}
      initialValues={{ name: group.name }}
      data-testid="group-rename"
      onSave={save}
      onCancel={onClose}
    >
      {field(
        'name',
        null,
        <Input
          maxLength={GROUP_NAME_MAX}
          aria-label={t('inventory.groups.name')}
          data-testid="group-rename-input"
        />,
      )}
    </RowFormModal>
  );
}

export function GroupsPage() {
  const { t } = useTranslation();
  useLiveInventory();
  const { query, pagination } = useUrlQuery(groupListV2Query);
  const { data, isFetching } = useGroupsV2(query);
  const { manage } = usePermission('Inventory');
  const create = useCreateGroup();
  const remove = useDeleteGroup();
  const { act } = useConfirmAct();
  const [form] = Form.useForm<GroupName>();
  useRevalidateOnLanguage(form);
  const [editing, setEditing] = useState<GroupRowV2 | null>(null);
  const { field } = useSchemaFields(groupCreateRequest, NAME, { values: () => form.getFieldsValue(true) });

  const add = ({ name }: GroupName) =>
    act({
      run: () => create.mutateAsync(name.trim()),
      done: messageText(t, 'groupCreated'),
      then: () => form.resetFields(),
    });
  const deleteGroup = (group: GroupRowV2) =>
    act({
      confirm: {
        message: `${t('inventory.groups.confirmDelete')} ${t('inventory.groups.deleteHint')}`,
        danger: true,
        okText: t('inventory.groups.delete'),
      },
      run: () => remove.mutateAsync(group.id),
      done: (answer) => serverText(t, answer.message),
    });

  return (
    <div className="inventory-page" data-testid="inventory-groups">
      {manage && (
        <Card className="inventory-card" title={t('inventory.groups.create')}>
          <Form form={form} layout="inline" className="inline-add-form" onFinish={(v) => void add(v)}>
            {field(
              'name',
              null,
              <Input
                placeholder={t('inventory.groups.name')}
                aria-label={t('inventory.groups.name')}
                maxLength={GROUP_NAME_MAX}
                data-testid="group-name"
              />,
              { className: 'inline-add-grow' },
            )}
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
          pagination={pagination(data?.totalNumber ?? 0)}
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
                      to={`${devicesPath}?groupId=${group.id}`}
                      aria-label={t('inventory.groups.showDevices')}
                    >
                      <Button type="text" size="small" icon={<UnorderedListOutlined />} tabIndex={-1} />
                    </Link>
                  </Tooltip>
                  {manage && (
                    <IconAction
                      size="small"
                      title={t('inventory.groups.rename')}
                      icon={<EditOutlined />}
                      data-testid={`group-rename-${group.name}`}
                      onClick={() => setEditing(group)}
                    />
                  )}
                  {manage && (
                    <IconAction
                      size="small"
                      danger
                      title={t('inventory.groups.delete')}
                      icon={<DeleteOutlined />}
                      data-testid={`group-delete-${group.name}`}
                      onClick={() => void deleteGroup(group)}
                    />
                  )}
                </Space>
              ),
            },
          ]}
        />
        <Link to={`${devicesPath}?groupId=${UNGROUPED}`} className="ungrouped-link">
          {t('inventory.groups.showUngrouped')}
        </Link>
      </Card>
      {editing && <RenameGroupModal group={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
