/**
 * Settings > Permission (roles, SPEC 2, 4, 6). The page has three modes:
 * - search: the list of roles; entering it resets the selected role to 'Not select';
 * - edit: the selected role, its name loaded into the form, its tree in the editor (rename and re-grant);
 * - others: a new role.
 * The built-in Administrator holds everything and is shown read-only.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { roleNameRule, type PermissionNode, type RoleView } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { ruleValidator } from '../../../components/formRules.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import { useCreateRole, useDeleteRole, useEditRole, useRoles } from './api.ts';
import { PermissionTreeEditor } from './PermissionTreeEditor.tsx';
import { emptyPermissionTree, requestTree } from './permissionTree.ts';

export type RolesMode = 'search' | 'edit' | 'others';

export function RolesPage() {
  const { t } = useTranslation();
  const { data: roles, isFetching } = useRoles();
  const { manage } = usePermission('Permission');
  const create = useCreateRole();
  const edit = useEditRole();
  const remove = useDeleteRole();
  const { confirmThen } = useConfirm();
  const [form] = Form.useForm<{ name: string }>();
  useRevalidateOnLanguage(form);

  const [mode, setMode] = useState<RolesMode>('search');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [tree, setTree] = useState<PermissionNode[]>(emptyPermissionTree);
  /** Bumped by each Create, so a second Create also starts from an empty form. */
  const [fresh, setFresh] = useState(0);
  const selected = roles?.find((r) => r.id === selectedId);
  const readOnly = !manage || (mode === 'edit' && selected?.builtin === true);

  const search = () => {
    setMode('search');
    setSelectedId(null);
  };
  const startEdit = (role: RoleView) => {
    setSelectedId(role.id);
    setTree(role.permissions);
    setMode('edit');
  };
  const startCreate = () => {
    setSelectedId(null);
    setTree(emptyPermissionTree());
    setFresh((n) => n + 1);
    setMode('others');
  };

  useEffect(() => {
    if (mode === 'others') form.resetFields();
  }, [mode, fresh, form]);

  // Edit mode loads the selected role's name (again whenever the role list is refreshed).
  useEffect(() => {
    if (mode === 'edit' && selected) form.setFieldsValue({ name: selected.name });
  }, [mode, selected, form]);

  const deleteRole = (role: RoleView) =>
    confirmThen({ message: 'irreversible', danger: true, okText: t('roles.delete') }, async () => {
      await remove.mutateAsync(role.id);
      toast.success(t('messages.deleted'));
      search();
    });

  const save = async () => {
    const { name } = await form.validateFields();
    if (mode === 'others') {
      const created = await create.mutateAsync({ name, permissions: requestTree(tree) });
      toast.success(t('messages.saved'));
      startEdit(created);
    } else if (selected) {
      await confirmThen({ message: 'confirmEdit', kind: 'info' }, async () => {
        await edit.mutateAsync({ id: selected.id, name, permissions: requestTree(tree) });
        toast.success(t('messages.saved'));
      });
    }
  };

  const builtinText = messageText(t, 'builtinRole');
  const toolbar = (
    <Space wrap className="roles-toolbar">
      <Select
        className="roles-select"
        data-testid="role-select"
        placeholder={t('roles.notSelect')}
        value={selectedId ?? undefined}
        onChange={(id: number) => {
          const role = roles?.find((r) => r.id === id);
          if (role) startEdit(role);
        }}
        options={(roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
        aria-label={t('roles.role')}
        virtual={false}
      />
      <Button
        icon={<SearchOutlined />}
        onClick={search}
        type={mode === 'search' ? 'primary' : 'default'}
        ghost={mode === 'search'}
        data-testid="role-search"
      >
        {t('roles.search')}
      </Button>
      {manage && (
        <Button icon={<PlusOutlined />} onClick={startCreate} type="primary" data-testid="role-create">
          {t('roles.create')}
        </Button>
      )}
    </Space>
  );

  if (mode === 'search') {
    return (
      <Card className="settings-card" title={t('roles.title')} extra={toolbar} data-mode="search">
        <PaginatedTable<RoleView>
          rowKey="id"
          size="middle"
          loading={isFetching && !roles}
          dataSource={roles ?? []}
          columns={[
            {
              key: 'name',
              dataIndex: 'name',
              title: t('roles.name'),
              render: (name: string, role) => (
                <Space>
                  {name}
                  {role.builtin && <Tag color="gold">{t('roles.builtin')}</Tag>}
                </Space>
              ),
            },
            { key: 'userCount', dataIndex: 'userCount', title: t('roles.users'), width: 120 },
            {
              key: 'actions',
              title: t('users.actions'),
              width: 120,
              render: (_, role) => (
                <Space size={2}>
                  <Tooltip title={t('roles.edit')}>
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={t('roles.edit')}
                      data-testid={`role-edit-${role.name}`}
                      onClick={() => startEdit(role)}
                    />
                  </Tooltip>
                  {manage && !role.builtin && (
                    <Tooltip title={t('roles.delete')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('roles.delete')}
                        data-testid={`role-delete-${role.name}`}
                        onClick={() => void deleteRole(role)}
                      />
                    </Tooltip>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    );
  }

  return (
    <Card
      className="settings-card"
      title={mode === 'others' ? t('roles.createTitle') : t('roles.editTitle')}
      extra={toolbar}
      data-mode={mode}
    >
      {readOnly && selected?.builtin && (
        <Alert type="info" showIcon className="card-alert" title={builtinText} />
      )}
      <Form
        form={form}
        name="role"
        layout="vertical"
        requiredMark={false}
        disabled={readOnly}
        onFinish={() => void save().catch(() => undefined)}
      >
        <Form.Item
          name="name"
          label={t('roles.name')}
          rules={[{ validator: ruleValidator(t, roleNameRule) }]}
          className="roles-name"
        >
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
      </Form>
      <PermissionTreeEditor value={tree} onChange={setTree} readOnly={readOnly} />
      {!readOnly && (
        <Space className="roles-actions" wrap>
          <Button
            type="primary"
            onClick={() => void save().catch(() => undefined)}
            loading={create.isPending || edit.isPending}
            data-testid="role-save"
          >
            {t('common.save')}
          </Button>
          {mode === 'edit' && selected && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => void deleteRole(selected)}
              data-testid="role-delete"
            >
              {t('roles.delete')}
            </Button>
          )}
          <Button onClick={search}>{t('common.cancel')}</Button>
        </Space>
      )}
    </Card>
  );
}
