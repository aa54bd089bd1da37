/**
 * Settings > Permission (roles, SPEC 2, 4, 6). The page has three modes:
 * - search: the list of roles; entering it resets the selected role to 'Not select';
 * - edit: the selected role, its name loaded into the form, its tree in the editor (rename and re-grant);
 * - others: a new role.
 * The built-in Administrator holds everything and is shown read-only.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROLE_NAME_MAX, newRoleRequest, type PermissionNode, type RoleView } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { IconAction } from '../../../components/table/IconAction.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import { useCreateRole, useDeleteRole, useEditRole, useRoles } from './api.ts';
import { PermissionTreeEditor } from './PermissionTreeEditor.tsx';
import { emptyPermissionTree, requestTree } from './permissionTree.ts';

export type RolesMode = 'search' | 'edit' | 'others';

const NAME = ['name'] as const;

export function RolesPage() {
  const { t } = useTranslation();
  const { data: roles, isFetching } = useRoles();
  const { manage } = usePermission('Permission');
  const create = useCreateRole();
  const edit = useEditRole();
  const remove = useDeleteRole();
  const { act, busy } = useConfirmAct();
  const [form] = Form.useForm<{ name: string }>();
  useRevalidateOnLanguage(form);
  const { field } = useSchemaFields(newRoleRequest, NAME, { values: () => form.getFieldsValue(true) });

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
    act({
      confirm: { message: 'irreversible', danger: true, okText: t('roles.delete') },
      run: () => remove.mutateAsync(role.id),
      done: t('messages.deleted'),
      then: search,
    });

  const save = async () => {
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return;
    const { name } = checked;
    if (mode === 'others') {
      await act({
        run: () => create.mutateAsync({ name, permissions: requestTree(tree) }),
        done: t('messages.saved'),
        then: startEdit,
      });
    } else if (selected) {
      await act({
        confirm: { message: 'confirmEdit', kind: 'info' },
        run: () => edit.mutateAsync({ id: selected.id, name, permissions: requestTree(tree) }),
        done: t('messages.saved'),
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
                  <IconAction
                    title={t('roles.edit')}
                    icon={<EditOutlined />}
                    data-testid={`role-edit-${role.name}`}
                    onClick={() => startEdit(role)}
                  />
                  {manage && !role.builtin && (
                    <IconAction
                      danger
                      title={t('roles.delete')}
                      icon={<DeleteOutlined />}
                      data-testid={`role-delete-${role.name}`}
                      onClick={() => void deleteRole(role)}
                    />
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
        onFinish={() => void save()}
      >
        {field('name', 'roles.name', <Input autoComplete="off" maxLength={ROLE_NAME_MAX} />, {
          className: 'roles-name',
        })}
      </Form>
      <PermissionTreeEditor value={tree} onChange={setTree} readOnly={readOnly} />
      {!readOnly && (
        <Space className="roles-actions" wrap>
          <Button type="primary" onClick={() => void save()} loading={busy} data-testid="role-save">
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
