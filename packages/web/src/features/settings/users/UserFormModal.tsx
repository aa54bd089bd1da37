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
import type { RequestSchema } from '../../../components/schemaRules.ts';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
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
  const { act, busy } = useConfirmAct();
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
  const { field } = useSchemaFields(schema, FIELDS, {
    values: () => body() as Record<string, unknown>,
    placeholders: PLACEHOLDERS,
  });

  const save = async () => {
    if (!(await form.validateFields().then(Boolean, () => false))) return;
    await act(
      user
        ? {
            confirm: { message: 'confirmEdit', kind: 'info' },
            run: () => edit.mutateAsync(body() as EditUserRequest),
            done: t('messages.saved'),
            then: onClose,
          }
        : {
            run: () => create.mutateAsync(body() as NewUserRequest),
            done: t('messages.saved'),
            then: onClose,
          },
    );
  };

  return (
    <Modal
      open={open}
      title={editing ? t('users.editTitle') : t('users.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={busy}
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
        {field('name', 'users.name', <Input autoComplete="off" disabled={editing} />, {
          extra: editing ? undefined : t('users.nameHint'),
        })}
        {field('email', 'users.email', <Input autoComplete="off" />)}
        {field('companyName', 'users.companyName', <Input autoComplete="off" />)}
        {field(
          'password',
          editing ? 'users.newPassword' : 'users.password',
          <Input.Password autoComplete="new-password" />,
          { extra: editing ? t('users.passwordKeepHint') : undefined },
        )}
        {field('confirmPassword', 'users.confirmPassword', <Input.Password autoComplete="new-password" />, {
          dependencies: ['password'],
        })}
        {field(
          'roleId',
          'users.permission',
          <Select
            data-testid="user-role"
            placeholder={t('roles.notSelect')}
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
            virtual={false}
          />,
        )}
        {field(
          'type',
          'users.accountType',
          <Radio.Group
            options={accountTypes.map((type) => ({
              value: type,
              label: t(`accountTypes.${type}`),
            }))}
          />,
        )}
        {!editing &&
          field(
            'active',
            'users.status',
            <Switch
              checkedChildren={t('users.active')}
              unCheckedChildren={t('users.suspended')}
              data-testid="user-active"
            />,
            { valuePropName: 'checked' },
          )}
      </Form>
    </Modal>
  );
}
