/**
 * The NotifyList page: which rules notify which contacts, and the delivery log (each message to each contact:
 * its state, attempts, the provider's last answer, whether escalation queued it) with a manual resend.
 */
import { useState } from 'react';
import { Button, Form, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyLinkRequest, type DeliveryView, type MessageCode, type NotifyChannel } from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { DateText, type TimePart } from '../../components/DateText.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { useRules } from '../messages/api.ts';
import { ToolbarTable } from '../../components/table/ToolbarTable.tsx';
import { useAddLink, useContacts, useDeleteLink, useDeliveries, useLinks, useResend } from './api.ts';

const STATE_COLOUR = { pending: 'gold', delivered: 'green', failed: 'red' } as const;

/** Times of day shown with seconds. */
const SECONDS: TimePart = 'seconds';
const RESEND_QUEUED: MessageCode = 'notifyResendQueued';

function LinkModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ ruleId: number; contactId: number }>();
  const rules = useRules().data ?? [];
  const contacts = useContacts().data ?? [];
  const add = useAddLink();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(notifyLinkRequest, ['ruleId', 'contactId'], {
    values: () => form.getFieldsValue(),
  });
  return (
    <RowFormModal
      title={t('notify.addLink')}
      form={form}
      data-testid="link"
      initialValues={{}}
      onCancel={onClose}
      onSave={(values) => act({ run: () => add.mutateAsync(values), done: t('notify.saved'), then: onClose })}
    >
      {field(
        'ruleId',
        'notify.rule',
        <Select options={rules.map((r) => ({ value: r.id, label: r.name }))} />,
      )}
      {field(
        'contactId',
        'notify.contact',
        <Select
          options={contacts.map((c) => ({
            value: c.id,
            label: `${c.configName} (${t(`notify.channels.${c.channel}`)})`,
          }))}
        />,
      )}
    </RowFormModal>
  );
}

export function NotifyListTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const { data: links = [] } = useLinks();
  const { data: deliveries = [] } = useDeliveries();
  const [adding, setAdding] = useState(false);
  const remove = useDeleteLink();
  const resend = useResend();
  const { act } = useConfirmAct();
  return (
    <>
      <ToolbarTable
        canManage={canManage}
        add={{ label: t('notify.addLink'), onClick: () => setAdding(true), 'data-testid': 'link-new' }}
        dataSource={links}
        data-testid="links-table"
        columns={[
          { title: t('notify.rule'), dataIndex: 'ruleName' },
          { title: t('notify.contact'), dataIndex: 'configName' },
          {
            title: t('notify.channel'),
            dataIndex: 'channel',
            render: (c: NotifyChannel) => t(`notify.channels.${c}`),
          },
        ]}
        actions={(l) => (
          <Button
            size="small"
            danger
            onClick={() =>
              act({
                confirm: { message: t('notify.confirmDeleteLink', { name: l.ruleName }) },
                run: () => remove.mutateAsync(l.id),
                done: t('notify.deleted'),
              })
            }
          >
            {t('notify.delete')}
          </Button>
        )}
      />
      <Typography.Title level={3} className="subsection-title" style={{ marginTop: 24 }}>
        {t('notify.deliveries')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('notify.deliveriesHint')}</Typography.Paragraph>
      <Table<DeliveryView>
        rowKey="id"
        size="small"
        dataSource={deliveries}
        data-testid="deliveries-table"
        columns={[
          { title: t('notify.message'), dataIndex: 'messageId' },
          {
            title: t('notify.contact'),
            dataIndex: 'configName',
            // An escalation (nobody acknowledged a critical message in time) is told apart from first sends.
            render: (name: string, d: DeliveryView) => (
              <>
                {name}
                {d.escalated && (
                  <Tag color="volcano" style={{ marginInlineStart: 8 }} data-testid="delivery-escalated">
                    {t('notify.escalated')}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t('notify.state'),
            dataIndex: 'state',
            render: (s: DeliveryView['state']) => (
              <Tag color={STATE_COLOUR[s]}>{t(`notify.states.${s}`)}</Tag>
            ),
          },
          { title: t('notify.attempts'), dataIndex: 'attempts' },
          {
            title: t('notify.answer'),
            // Status 0: no answer came (the error says why). The provider's words read left to right, isolated.
            render: (_: unknown, d) =>
              d.lastStatus === null ? (
                '—'
              ) : (
                <bdi>{[d.lastStatus || '', d.lastAnswer ?? ''].join(' ').trim().slice(0, 120)}</bdi>
              ),
          },
          {
            title: t('notify.nextTry'),
            dataIndex: 'nextAt',
            render: (v: number | null, d) =>
              d.state === 'pending' && v ? <DateText value={v} time={SECONDS} /> : '—',
          },
          ...(canManage
            ? [
                {
                  title: t('notify.actions'),
                  render: (_: unknown, d: DeliveryView) => (
                    <Button
                      size="small"
                      disabled={d.state === 'pending'}
                      onClick={() =>
                        act({
                          run: () => resend.mutateAsync(d.id),
                          done: () => messageText(t, RESEND_QUEUED),
                        })
                      }
                    >
                      {t('notify.resend')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && <LinkModal onClose={() => setAdding(false)} />}
    </>
  );
}
