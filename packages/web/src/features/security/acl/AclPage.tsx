/**
 * Security > Access control list and Security > Admin ACL (SPEC 2, 3, 5): IP address and Description (both
 * required, the IP valid), enable or disable the list. A change that would shut out the operator's own
 * address is refused by the server (409) until the operator confirms it explicitly; then it is sent again
 * with confirm: true.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Switch } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ACL_DESCRIPTION_MAX,
  aclEntryRequest,
  type AclEntryRequest,
  type AclEntryView,
  type AclList,
  type AclListResponse,
  type PermissionKey,
} from '@edge/protocol';
import { isApiError } from '../../../api/ApiError.ts';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { dateTimeCell } from '../../../components/tableCells.tsx';
import { RowFormModal } from '../../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../../components/form/useSchemaFields.tsx';
import { IconAction } from '../../../components/table/IconAction.tsx';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { useConfirmAct } from '../../../components/useConfirmAct.ts';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { messageText } from '../../../i18n/messageText.ts';
import { usePermission } from '../../account/permissions.ts';
import { aclCalls, useAcl, useSecurityRefresh } from '../api.ts';
import { SecurityStatusBar } from '../SecurityStatusBar.tsx';
import { LockoutsCard } from '../lockouts/LockoutsCard.tsx';

const PERMISSION: Record<AclList, PermissionKey> = {
  accessControl: 'AccessControlList',
  adminAcl: 'AdminACL',
};

const FIELDS = ['ipAddress', 'Description'] as const;
const ADD_PREFIX = 'acl-add';
const EDIT_PREFIX = 'acl-edit';

function EntryFields({ form }: { form: ReturnType<typeof Form.useForm<AclEntryRequest>>[0] }) {
  const { field } = useSchemaFields(aclEntryRequest, FIELDS, { values: () => form.getFieldsValue(true) });
  return (
    <>
      {field('ipAddress', 'security.ipAddress', <Input autoComplete="off" inputMode="decimal" />)}
      {field(
        'Description',
        'security.description',
        <Input autoComplete="off" maxLength={ACL_DESCRIPTION_MAX} />,
      )}
    </>
  );
}

export function AclPage({ list }: { list: AclList }) {
  const { t } = useTranslation();
  const { data } = useAcl(list);
  const { manage } = usePermission(PERMISSION[list]);
  const refresh = useSecurityRefresh();
  const { confirm } = useConfirm();
  const [addForm] = Form.useForm<AclEntryRequest>();
  const [editForm] = Form.useForm<AclEntryRequest>();
  useRevalidateOnLanguage(addForm);
  const [editing, setEditing] = useState<AclEntryView | null>(null);
  const { act, busy } = useConfirmAct();
  const calls = aclCalls(list);

  /** Sends a change; on a lockout refusal asks the user and, if they insist, sends it again confirmed. */
  const sendInsisting = async (
    send: (confirm: boolean) => Promise<AclListResponse>,
  ): Promise<AclListResponse | null> => {
    try {
      return await send(false);
    } catch (e) {
      if (!(isApiError(e) && e.status === 409 && e.errCode === 'aclLockout')) throw e;
      const insist = await confirm({
        title: 'confirmation',
        kind: 'warning',
        danger: true,
        okText: t('security.applyAnyway'),
        message: t('security.lockoutWarning', {
          message: messageText(t, 'aclLockout'),
          address: data?.yourAddress ?? '',
        }),
      });
      return insist ? send(true) : null;
    }
  };
  /** Applies a change; `then` follows only when it went through (not when the user held back). */
  const apply = (send: (confirm: boolean) => Promise<AclListResponse>, then?: () => void) =>
    act({
      run: () => sendInsisting(send),
      done: (state) => (state ? t('messages.saved') : undefined),
      then: (state) => {
        if (!state) return;
        refresh.acl(list, state);
        then?.();
      },
      toastErrors: 'applyError',
    });

  const add = (entry: AclEntryRequest) =>
    apply(
      () => calls.add(entry),
      () => addForm.resetFields(),
    );
  /** The user confirms first; a lockout refusal then asks a second, explicit time. */
  const toggle = async (on: boolean) => {
    const message = on ? t('security.confirmEnable') : t('security.confirmDisable');
    if (await confirm({ message, kind: on ? 'warning' : 'info' }))
      await apply((c) => calls.setEnabled(on, c));
  };
  const removeEntry = async (entry: AclEntryView) => {
    if (await confirm({ message: 'confirmDelete', danger: true }))
      await apply((c) => calls.remove(entry.id, c));
  };
  const saveEdit = (entry: AclEntryRequest) =>
    editing
      ? apply(
          (c) => calls.edit({ ...entry, id: editing.id }, c),
          () => setEditing(null),
        )
      : undefined;

  if (!data) return <SecurityStatusBar />;
  const listed = data.list.some((e) => e.ipAddress === data.yourAddress);

  return (
    <div className="security-page">
      <SecurityStatusBar />
      <Card
        className="settings-card"
        title={list === 'accessControl' ? t('security.aclTitle') : t('security.adminAclTitle')}
        extra={
          <Space>
            <span id={`${list}-enabled-label`}>{t('security.listEnabled')}</span>
            <Switch
              checked={data.enabled}
              disabled={!manage || busy}
              loading={busy}
              aria-labelledby={`${list}-enabled-label`}
              data-testid="acl-enabled"
              onChange={(on) => void toggle(on)}
            />
          </Space>
        }
      >
        <p className="card-intro">
          {list === 'accessControl' ? t('security.aclIntro') : t('security.adminAclIntro')}
        </p>
        <Alert
          type={listed ? 'success' : 'info'}
          showIcon
          className="card-alert"
          data-testid="acl-your-address"
          title={
            listed
              ? t('security.yourAddressListed', { address: data.yourAddress })
              : t('security.yourAddressMissing', { address: data.yourAddress })
          }
          action={
            manage && !listed ? (
              <Button
                size="small"
                onClick={() => addForm.setFieldsValue({ ipAddress: data.yourAddress })}
                data-testid="acl-use-my-address"
              >
                {t('security.useMyAddress')}
              </Button>
            ) : undefined
          }
        />
        {manage && (
          <Form
            form={addForm}
            name={ADD_PREFIX}
            layout="inline"
            requiredMark={false}
            className="inline-add-form acl-add-form"
            onFinish={(entry) => void add(entry)}
          >
            <EntryFields form={addForm} />
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={busy}
              data-testid="acl-add"
            >
              {t('security.add')}
            </Button>
          </Form>
        )}
        <PaginatedTable<AclEntryView>
          rowKey="id"
          size="middle"
          dataSource={data.list}
          columns={[
            { key: 'ipAddress', dataIndex: 'ipAddress', title: t('security.ipAddress') },
            { key: 'Description', dataIndex: 'Description', title: t('security.description') },
            {
              key: 'createdAt',
              dataIndex: 'createdAt',
              title: t('security.created'),
              render: dateTimeCell,
            },
            ...(manage
              ? [
                  {
                    key: 'actions',
                    title: t('users.actions'),
                    width: 110,
                    render: (_: unknown, entry: AclEntryView) => (
                      <Space size={2}>
                        <IconAction
                          title={t('security.edit')}
                          icon={<EditOutlined />}
                          data-testid={`acl-edit-${entry.ipAddress}`}
                          onClick={() => setEditing(entry)}
                        />
                        <IconAction
                          danger
                          title={t('security.delete')}
                          icon={<DeleteOutlined />}
                          data-testid={`acl-delete-${entry.ipAddress}`}
                          onClick={() => void removeEntry(entry)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing && (
        <RowFormModal<AclEntryRequest>
          title={t('security.editEntry')}
          name={EDIT_PREFIX}
          okText={t('common.save')}
          form={editForm}
          initialValues={{ ipAddress: editing.ipAddress, Description: editing.Description }}
          data-testid={EDIT_PREFIX}
          onSave={saveEdit}
          onCancel={() => setEditing(null)}
        >
          <EntryFields form={editForm} />
        </RowFormModal>
      )}
      {/* Where an administrator who was locked out comes back to let others in. */}
      {list === 'adminAcl' && <LockoutsCard />}
    </div>
  );
}
