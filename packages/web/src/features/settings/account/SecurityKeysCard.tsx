/**
 * The user's own WebAuthn security keys (SPEC 2, 5): register one under a name (A-Z a-z 0-9 - _), list,
 * rename and delete them. A browser without WebAuthn is told so instead of being offered the button.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  WEBAUTHN_NAME_MAX,
  webauthnRegisterOptionsRequest,
  webauthnRenameRequest,
  type WebauthnKeyView,
} from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { dateTimeCell } from '../../../components/tableCells.tsx';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { IconAction } from '../../../components/table/IconAction.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { messageText } from '../../../i18n/messageText.ts';
import {
  useDeleteKey,
  useRegisterKey,
  useRenameKey,
  useWebauthnKeys,
  webauthnSupported,
} from '../../webauthn/api.ts';

const NAME = ['name'] as const;

interface KeyName {
  name: string;
}

function RenameKeyModal({ target, onClose }: { target: WebauthnKeyView; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<KeyName>();
  const rename = useRenameKey();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(webauthnRenameRequest, NAME, {
    values: () => ({ id: target.id, name: '', ...form.getFieldsValue(true) }),
  });
  const save = ({ name }: KeyName) =>
    act({ run: () => rename.mutateAsync({ id: target.id, name }), done: t('messages.saved'), then: onClose });
  return (
    <RowFormModal<KeyName>
      title={t('webauthn.renameTitle')}
      name="webauthn-rename"
      okText={t('common.save')}
      form={form}
      initialValues={{ name: target.name }}
      data-testid="webauthn-rename"
      onSave={save}
      onCancel={onClose}
    >
      {field('name', 'webauthn.name', <Input autoComplete="off" maxLength={WEBAUTHN_NAME_MAX} />, {
        extra: t('webauthn.nameHint'),
      })}
    </RowFormModal>
  );
}

export function SecurityKeysCard() {
  const { t } = useTranslation();
  const supported = webauthnSupported();
  const [form] = Form.useForm<KeyName>();
  useRevalidateOnLanguage(form);
  const { data: keys, isFetching } = useWebauthnKeys();
  const register = useRegisterKey();
  const remove = useDeleteKey();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(webauthnRegisterOptionsRequest, NAME, {
    values: () => ({ name: '', ...form.getFieldsValue(true) }),
  });
  const [renaming, setRenaming] = useState<WebauthnKeyView | null>(null);

  const unsupportedText = messageText(t, 'webauthnUnsupported');
  const deleteKey = (key: WebauthnKeyView) =>
    act({
      confirm: { message: 'confirmDelete', danger: true },
      run: () => remove.mutateAsync(key.id),
      done: t('messages.deleted'),
    });

  const add = ({ name }: KeyName) =>
    act({
      run: () => register.mutateAsync(name),
      done: t('webauthn.registered', { name }),
      then: () => form.resetFields(),
    });

  return (
    <Card title={t('webauthn.title')} className="settings-card" data-testid="security-keys">
      {!supported && (
        <Alert
          type="warning"
          showIcon
          className="card-alert"
          title={unsupportedText}
          data-testid="webauthn-unsupported"
        />
      )}
      <p className="card-intro">{t('webauthn.intro')}</p>
      <Form
        form={form}
        layout="inline"
        requiredMark={false}
        onFinish={(values) => void add(values)}
        className="inline-add-form"
      >
        {field(
          'name',
          null,
          <Input
            id="webauthn-name"
            prefix={<KeyOutlined />}
            placeholder={t('webauthn.namePlaceholder')}
            aria-label={t('webauthn.name')}
            autoComplete="off"
            maxLength={WEBAUTHN_NAME_MAX}
            disabled={!supported}
          />,
          { className: 'inline-add-grow' },
        )}
        <Button
          type="primary"
          htmlType="submit"
          loading={register.isPending}
          disabled={!supported}
          data-testid="webauthn-register"
        >
          {t('webauthn.register')}
        </Button>
      </Form>
      <PaginatedTable<WebauthnKeyView>
        rowKey="id"
        size="small"
        loading={isFetching && !keys}
        dataSource={keys ?? []}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('webauthn.name') },
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('webauthn.created'),
            render: dateTimeCell,
          },
          {
            key: 'lastUsedAt',
            dataIndex: 'lastUsedAt',
            title: t('webauthn.lastUsed'),
            render: dateTimeCell,
          },
          {
            key: 'actions',
            title: t('users.actions'),
            width: 110,
            render: (_, key) => (
              <Space size={2}>
                <IconAction
                  title={t('webauthn.rename')}
                  icon={<EditOutlined />}
                  data-testid={`webauthn-rename-${key.name}`}
                  onClick={() => setRenaming(key)}
                />
                <IconAction
                  danger
                  title={t('webauthn.delete')}
                  icon={<DeleteOutlined />}
                  data-testid={`webauthn-delete-${key.name}`}
                  onClick={() => void deleteKey(key)}
                />
              </Space>
            ),
          },
        ]}
      />
      {renaming && <RenameKeyModal target={renaming} onClose={() => setRenaming(null)} />}
    </Card>
  );
}
