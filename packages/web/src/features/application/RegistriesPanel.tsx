/**
 * Registries (SPEC 3): name, insecure HTTP flag, server address, login user, password or token (sent, never
 * shown again); add, edit ('Registry edited successfully.'), delete with confirmation, and a test login.
 */
import { useState } from 'react';
import { Button, Checkbox, Form, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { registryInput, type RegistryInput, type RegistryView } from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { IconAction } from '../../components/table/IconAction.tsx';
import { EditDeleteAction } from './DeleteAction.tsx';
import { SCROLL_X } from '../../components/tableCells.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { usePermission } from '../account/permissions.ts';
import {
  useCreateRegistry,
  useDeleteRegistry,
  useEditRegistry,
  useRegistries,
  useTestRegistry,
} from './api.ts';
import { serverWords } from './serverWords.ts';

/** The dialog's subject when adding rather than editing. */
const NEW = 'new';

const FIELDS = ['name', 'serverAddress', 'username', 'password'] as const;

function RegistryForm({ registry, onClose }: { registry: RegistryView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegistryInput>();
  const create = useCreateRegistry();
  const edit = useEditRegistry();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(registryInput, FIELDS, { values: () => form.getFieldsValue(true) });
  const save = (values: RegistryInput) => {
    // Left empty on edit: the stored password stays.
    const body = { ...values, password: values.password || undefined };
    return act({
      ...(registry && { confirm: { message: t('application.registries.editTitle') } }),
      run: () => (registry ? edit.mutateAsync({ id: registry.id, ...body }) : create.mutateAsync(body)),
      done: messageText(t, registry ? 'registryEdited' : 'saved'),
      then: onClose,
    });
  };
  return (
    <RowFormModal<RegistryInput>
      title={t(registry ? 'application.registries.editTitle' : 'application.registries.addTitle')}
      name="registry"
      okText={t('common.save')}
      form={form}
      initialValues={registry ?? { insecure: false, username: '' }}
      data-testid="registry"
      onSave={save}
      onCancel={onClose}
    >
      {field('name', 'application.fields.name', <Input data-testid="registry-name" />)}
      {field(
        'serverAddress',
        'application.fields.serverAddress',
        <Input placeholder="registry.example.com:5000" data-testid="registry-address" />,
      )}
      <Form.Item name="insecure" valuePropName="checked">
        <Checkbox>{t('application.fields.insecure')}</Checkbox>
      </Form.Item>
      {field('username', 'application.fields.username', <Input autoComplete="off" />)}
      {field(
        'password',
        'application.fields.password',
        <Input.Password autoComplete="new-password" />,
        registry ? { extra: t('application.fields.passwordKept') } : {},
      )}
    </RowFormModal>
  );
}

export function RegistriesPanel() {
  const { t } = useTranslation();
  const registries = useRegistries();
  const remove = useDeleteRegistry();
  const test = useTestRegistry();
  const { manage } = usePermission('Application');
  const { act } = useConfirmAct();
  const [editing, setEditing] = useState<RegistryView | typeof NEW | null>(null);
  const columns: ColumnsType<RegistryView> = [
    { title: t('application.fields.name'), dataIndex: 'name', key: 'name' },
    { title: t('application.fields.serverAddress'), dataIndex: 'serverAddress', key: 'serverAddress' },
    { title: t('application.fields.username'), dataIndex: 'username', key: 'username' },
    {
      title: t('application.fields.password'),
      key: 'password',
      render: (_, r) => (
        <Tag>
          {t(r.hasPassword ? 'application.registries.withPassword' : 'application.registries.noPassword')}
        </Tag>
      ),
    },
    {
      title: t('application.fields.insecure'),
      key: 'insecure',
      render: (_, r) => (r.insecure ? 'HTTP' : 'HTTPS'),
    },
    {
      title: t('application.columns.actions'),
      key: 'actions',
      render: (_, registry) =>
        manage && (
          <EditDeleteAction
            onEdit={() => setEditing(registry)}
            question={t('application.confirm.deleteRegistry')}
            remove={() => remove.mutateAsync({ id: registry.id })}
            data-testid="registry"
          >
            <IconAction
              title={t('application.actions.test')}
              icon={<ApiOutlined />}
              onClick={() =>
                void act({
                  run: () => test.mutateAsync({ id: registry.id }),
                  done: (answer) => serverWords(t, answer.message),
                })
              }
              data-testid="registry-test"
            />
          </EditDeleteAction>
        ),
    },
  ];
  return (
    <div data-testid="registries-panel">
      {manage && (
        <Space className="application-toolbar">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(NEW)}
            data-testid="registry-add"
          >
            {t('application.actions.add')}
          </Button>
        </Space>
      )}
      <Table<RegistryView>
        size="small"
        rowKey="id"
        loading={registries.isLoading}
        dataSource={registries.data?.list ?? []}
        columns={columns}
        scroll={SCROLL_X}
        pagination={false}
      />
      {editing && (
        <RegistryForm registry={editing === NEW ? null : editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
