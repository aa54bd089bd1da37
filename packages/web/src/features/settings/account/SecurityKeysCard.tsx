/**
 * The user's own WebAuthn security keys (SPEC 2, 5): register one under a name (A-Z a-z 0-9 - _), list,
 * rename and delete them. A browser without WebAuthn is told so instead of being offered the button.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEBAUTHN_NAME_MAX, webauthnNameRule, type WebauthnKeyView } from '@edge/protocol';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { dateTimeCell } from '../../../components/tableCells.tsx';
import { ruleValidator } from '../../../components/formRules.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { messageText } from '../../../i18n/messageText.ts';
import {
  useDeleteKey,
  useRegisterKey,
  useRenameKey,
  useWebauthnKeys,
  webauthnSupported,
} from '../../webauthn/api.ts';

function RenameKeyModal({ target, onClose }: { target: WebauthnKeyView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameKey();
  // Filled as soon as a key is picked, before the dialog has finished opening.
  useEffect(() => {
    if (target) form.setFieldsValue({ name: target.name });
  }, [target, form]);
  const save = async () => {
    const { name } = await form.validateFields();
    await rename.mutateAsync({ id: target!.id, name });
    toast.success(t('messages.saved'));
    onClose();
  };
  return (
    <Modal
      open={target !== null}
      title={t('webauthn.renameTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={rename.isPending}
      okButtonProps={{ 'data-testid': 'webauthn-rename-save' }}
      forceRender
    >
      <Form form={form} name="webauthn-rename" layout="vertical" requiredMark={false}>
        <Form.Item
          name="name"
          label={t('webauthn.name')}
          rules={[{ validator: ruleValidator(t, webauthnNameRule) }]}
          extra={t('webauthn.nameHint')}
        >
          <Input autoComplete="off" maxLength={WEBAUTHN_NAME_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function SecurityKeysCard() {
  const { t } = useTranslation();
  const supported = webauthnSupported();
  const [form] = Form.useForm<{ name: string }>();
  useRevalidateOnLanguage(form);
  const { data: keys, isFetching } = useWebauthnKeys();
  const register = useRegisterKey();
  const remove = useDeleteKey();
  const { confirmThen } = useConfirm();
  const [renaming, setRenaming] = useState<WebauthnKeyView | null>(null);

  const unsupportedText = messageText(t, 'webauthnUnsupported');
  const deleteKey = (key: WebauthnKeyView) =>
    confirmThen({ message: 'confirmDelete', danger: true }, async () => {
      await remove.mutateAsync(key.id);
      toast.success(t('messages.deleted'));
    });

  const add = async ({ name }: { name: string }) => {
    await register.mutateAsync(name);
    toast.success(t('webauthn.registered', { name }));
    form.resetFields();
  };

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
        onFinish={(values) => void add(values).catch(() => undefined)}
        className="inline-add-form"
      >
        <Form.Item
          name="name"
          rules={[{ validator: ruleValidator(t, webauthnNameRule) }]}
          className="inline-add-grow"
        >
          <Input
            id="webauthn-name"
            prefix={<KeyOutlined />}
            placeholder={t('webauthn.namePlaceholder')}
            aria-label={t('webauthn.name')}
            autoComplete="off"
            maxLength={WEBAUTHN_NAME_MAX}
            disabled={!supported}
          />
        </Form.Item>
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
                <Tooltip title={t('webauthn.rename')}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('webauthn.rename')}
                    data-testid={`webauthn-rename-${key.name}`}
                    onClick={() => setRenaming(key)}
                  />
                </Tooltip>
                <Tooltip title={t('webauthn.delete')}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('webauthn.delete')}
                    data-testid={`webauthn-delete-${key.name}`}
                    onClick={() => void deleteKey(key)}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <RenameKeyModal target={renaming} onClose={() => setRenaming(null)} />
    </Card>
  );
}
