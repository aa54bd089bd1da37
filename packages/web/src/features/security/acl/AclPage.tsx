/**
 * Security > Access control list and Security > Admin ACL (SPEC 2, 3, 5): IP address and Description (both
 * required, the IP valid), enable or disable the list. A change that would shut out the operator's own
 * address is refused by the server (409) until the operator confirms it explicitly; then it is sent again
 * with confirm: true.
 */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Space, Switch, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  aclEntryRequest,
  type AclEntryRequest,
  type AclEntryView,
  type AclList,
  type AclListResponse,
  type PermissionKey,
} from '@edge/protocol';
import { isApiError } from '../../../api/ApiError.ts';
import { errorText } from '../../../api/errorText.ts';
import { PaginatedTable } from '../../../components/PaginatedTable.tsx';
import { dateTimeCell } from '../../../components/tableCells.tsx';
import { schemaFieldRules } from '../../../components/schemaRules.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { useRevalidateOnLanguage } from '../../../components/useRevalidateOnLanguage.ts';
import { toast } from '../../../components/notifications/toast.ts';
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
  const { t } = useTranslation();
  const rules = schemaFieldRules(t, aclEntryRequest, FIELDS, () => form.getFieldsValue(true));
  return (
    <>
      <Form.Item name="ipAddress" label={t('security.ipAddress')} rules={rules.ipAddress}>
        <Input autoComplete="off" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="Description" label={t('security.description')} rules={rules.Description}>
        <Input autoComplete="off" maxLength={128} />
      </Form.Item>
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
  useRevalidateOnLanguage(editForm);
  const [editing, setEditing] = useState<AclEntryView | null>(null);
  const [busy, setBusy] = useState(false);
  const calls = aclCalls(list);

  /** Sends a change; on a lockout refusal asks the user and, if they insist, sends it again confirmed. */
  const apply = async (send: (confirm: boolean) => Promise<AclListResponse>): Promise<boolean> => {
    setBusy(true);
    try {
      let state: AclListResponse;
      try {
        state = await send(false);
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
        if (!insist) return false;
        state = await send(true);
      }
      refresh.acl(list, state);
      toast.success(t('messages.saved'));
      return true;
    } catch (e) {
      toast.error(errorText(t, e, 'applyError'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (entry: AclEntryRequest) => {
    if (await apply(() => calls.add(entry))) addForm.resetFields();
  };
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
  const saveEdit = async () => {
    const entry = await editForm.validateFields();
    if (editing && (await apply((c) => calls.edit({ ...entry, id: editing.id }, c)))) setEditing(null);
  };

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
                        <Tooltip title={t('security.edit')}>
                          <Button
                            type="text"
                            icon={<EditOutlined />}
                            aria-label={t('security.edit')}
                            data-testid={`acl-edit-${entry.ipAddress}`}
                            onClick={() => {
                              editForm.setFieldsValue({
                                ipAddress: entry.ipAddress,
                                Description: entry.Description,
                              });
                              setEditing(entry);
                            }}
                          />
                        </Tooltip>
                        <Tooltip title={t('security.delete')}>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('security.delete')}
                            data-testid={`acl-delete-${entry.ipAddress}`}
                            onClick={() => void removeEntry(entry)}
                          />
                        </Tooltip>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={t('security.editEntry')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => void saveEdit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        confirmLoading={busy}
        forceRender
      >
        <Form form={editForm} name={EDIT_PREFIX} layout="vertical" requiredMark={false}>
          <EntryFields form={editForm} />
        </Form>
      </Modal>
      {/* Where an administrator who was locked out comes back to let others in. */}
      {list === 'adminAcl' && <LockoutsCard />}
    </div>
  );
}
