/**
 * Create or edit a user. Every field is checked with the protocol's own request schema (newUserRequest or
 * editUserRequest), so the form refuses exactly what the server would, in the same words.
 * Roles are chosen by name; the id goes to the server (Administrator is role 1).
 */
import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_STATUS,
  accountTypes,
  editUserRequest,
  newUserRequest,
  type AccountType,
  type EditUserRequest,
  type NewUserRequest,
  type UserView,
} from '@edge/protocol';
import { schemaFieldRules, type RequestSchema } from '../../../components/schemaRules.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { toast } from '../../../components/notifications/toast.ts';
import { useCreateUser, useEditUser } from './api.ts';

export interface UserFormValues {
  name?: string;
  email?: string;
  companyName?: string;
  password?: string;
  confirmPassword?: string;
  roleId?: number;
  type?: AccountType;
  active?: boolean;
}

/** Stand-ins for choices not yet made, so "Passwords do not match." can show before them. */
const PLACEHOLDERS = { roleId: 1, type: 'Admin' };
const FIELDS = ['name', 'email', 'companyName', 'password', 'confirmPassword', 'roleId', 'type'] as const;

export function newUserBody(v: UserFormValues): Partial<NewUserRequest> {
  return {
    name: v.name ?? '',
    email: v.email ?? '',
    companyName: v.companyName ?? '',
    password: v.password ?? '',
    confirmPassword: v.confirmPassword ?? '',
    roleId: v.roleId,
    type: v.type,
    status: v.active === false ? ACCOUNT_STATUS.suspended : ACCOUNT_STATUS.active,
  };
}

export function editUserBody(id: number, v: UserFormValues): Partial<EditUserRequest> {
  return {
    id,
    email: v.email ?? '',
    companyName: v.companyName ?? '',
    roleId: v.roleId,
    type: v.type,
    // Empty keeps the current password.
    ...(v.password || v.confirmPassword
      ? { password: v.password ?? '', confirmPassword: v.confirmPassword ?? '' }
      : {}),
  };
}

export interface UserFormModalProps {
  open: boolean;
  /** The user being edited; none to create one. */
  user?: UserView;
  roles: readonly { id: number; name: string }[];
  onClose: () => void;
}

export function UserFormModal({ open, user, roles, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  useRevalidateOnLanguage(form);
  const create = useCreateUser();
  const edit = useEditUser();
  const { confirmThen } = useConfirm();
  const editing = user !== undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user)
      form.setFieldsValue({
        name: user.name,
        email: user.email,
        companyName: user.companyName,
        roleId: user.roleId,
        type: user.type,
      });
  }, [open, user, form]);

  const body = () => {
    const values = form.getFieldsValue(true) as UserFormValues;
    return user ? editUserBody(user.id, values) : newUserBody(values);
  };
  const schema: RequestSchema = editing ? editUserRequest : newUserRequest;
  const rules = schemaFieldRules(t, schema, FIELDS, () => body() as Record<string, unknown>, PLACEHOLDERS);

  const save = async () => {
    await form.validateFields();
    if (user) {
      await confirmThen({ message: 'confirmEdit', kind: 'info' }, async () => {
        await edit.mutateAsync(body() as EditUserRequest);
        toast.success(t('messages.saved'));
        onClose();
      });
    } else {
      await create.mutateAsync(body() as NewUserRequest);
      toast.success(t('messages.saved'));
      onClose();
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('users.editTitle') : t('users.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending || edit.isPending}
      okButtonProps={{ 'data-testid': 'user-form-save' }}
      forceRender
      width={560}
    >
      <Form
        form={form}
        name="user"
        layout="vertical"
        requiredMark={false}
        initialValues={{ active: true }}
        data-testid="user-form"
        className="user-form"
      >
        <Form.Item
          name="name"
          label={t('users.name')}
          rules={editing ? [] : rules.name}
          extra={editing ? undefined : t('users.nameHint')}
        >
          <Input autoComplete="off" disabled={editing} />
        </Form.Item>
        <Form.Item name="email" label={t('users.email')} rules={rules.email}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="companyName" label={t('users.companyName')} rules={rules.companyName}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={editing ? t('users.newPassword') : t('users.password')}
          rules={rules.password}
          extra={editing ? t('users.passwordKeepHint') : undefined}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('users.confirmPassword')}
          dependencies={['password']}
          rules={rules.confirmPassword}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="roleId" label={t('users.permission')} rules={rules.roleId}>
          <Select
            data-testid="user-role"
            placeholder={t('roles.notSelect')}
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
            virtual={false}
          />
        </Form.Item>
        <Form.Item name="type" label={t('users.accountType')} rules={rules.type}>
          <Radio.Group
            options={accountTypes.map((type) => ({
              value: type,
              label: t(`accountTypes.${type}`),
            }))}
          />
        </Form.Item>
        {!editing && (
          <Form.Item name="active" label={t('users.status')} valuePropName="checked">
            <Switch
              checkedChildren={t('users.active')}
              unCheckedChildren={t('users.suspended')}
              data-testid="user-active"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
