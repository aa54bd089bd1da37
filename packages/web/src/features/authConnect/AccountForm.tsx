/**
 * Create or edit an Auth Connect account (SPEC 3 'Auth connection'): account name, password and confirm
 * password with SPEC 5's rules (the protocol's schema, the same the API checks), and the devices and
 * groups it is pushed to. Editing leaves the password as it is unless a new one is typed.
 */
import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  authConnectCreateRequest,
  authConnectEditRequest,
  type AuthConnectAccountView,
} from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { useDeviceChoices } from '../diagnose/api.ts';
import { useGroupChoices } from '../notify/api.ts';
import { useCreateAccount, useEditAccount } from './api.ts';

interface Values {
  name: string;
  password: string;
  confirmPassword: string;
  deviceIds: string[];
  groupIds: number[];
}

const FIELDS = ['name', 'password', 'confirmPassword'] as const;
const SEARCH_BY_LABEL = { optionFilterProp: 'label' };

export function AccountForm({
  account,
  onClose,
}: {
  account: AuthConnectAccountView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const devices = useDeviceChoices(search);
  const groups = useGroupChoices();
  const create = useCreateAccount();
  const edit = useEditAccount();
  const { act } = useConfirmAct();
  const values = () => ({ ...form.getFieldsValue(true), ...(account && { id: account.id }) });
  const { field } = useSchemaFields(account ? authConnectEditRequest : authConnectCreateRequest, FIELDS, {
    values,
  });

  const save = (v: Values) =>
    act({
      run: () =>
        account
          ? edit.mutateAsync(authConnectEditRequest.parse({ ...v, id: account.id }))
          : create.mutateAsync(authConnectCreateRequest.parse(v)),
      done: messageText(t, 'saved'),
      then: onClose,
    });

  return (
    <RowFormModal<Values>
      title={account ? t('authConnect.edit') : t('authConnect.create')}
      name="authConnect"
      okText={t('common.save')}
      form={form}
      initialValues={{
        name: account?.name ?? '',
        password: '',
        confirmPassword: '',
        deviceIds: account?.deviceIds ?? [],
        groupIds: account?.groupIds ?? [],
      }}
      data-testid="auth-connect"
      onSave={save}
      onCancel={onClose}
    >
      {field('name', 'authConnect.name', <Input autoComplete="off" data-testid="auth-connect-name" />)}
      {field(
        'password',
        'authConnect.password',
        <Input.Password
          autoComplete="new-password"
          placeholder={account ? t('authConnect.passwordUnchanged') : undefined}
          data-testid="auth-connect-password"
        />,
      )}
      {field(
        'confirmPassword',
        'authConnect.confirmPassword',
        <Input.Password autoComplete="new-password" data-testid="auth-connect-confirm" />,
      )}
      <Form.Item name="deviceIds" label={t('authConnect.devices')}>
        <Select
          mode="multiple"
          showSearch
          filterOption={false}
          onSearch={setSearch}
          options={devices.options}
          loading={devices.loading}
          data-testid="auth-connect-devices"
        />
      </Form.Item>
      <Form.Item name="groupIds" label={t('authConnect.groups')}>
        <Select
          mode="multiple"
          {...SEARCH_BY_LABEL}
          options={groups.data ?? []}
          data-testid="auth-connect-groups"
        />
      </Form.Item>
    </RowFormModal>
  );
}
