/** The ContactList page: contacts per channel, each with a test send. */
import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContactView, MessageCode, NotifyChannel } from '@edge/protocol';
import { RowActions } from '../../components/table/RowActions.tsx';
import { ToolbarTable } from '../../components/table/ToolbarTable.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { DateText, type TimePart } from '../../components/DateText.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { useContacts, useDeleteContact, useTestContact } from './api.ts';
import { ContactModal } from './ContactModal.tsx';
import { quietHoursText } from './QuietHoursFields.tsx';

/** Times of day shown with seconds. */
const SECONDS: TimePart = 'seconds';
const NEW = 'new';
const TEST_SENT: MessageCode = 'notifyTestSent';

export function ContactsTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const { data: contacts = [], isFetching } = useContacts();
  const [editing, setEditing] = useState<ContactView | null | typeof NEW>(null);
  const remove = useDeleteContact();
  const test = useTestContact();
  const { act } = useConfirmAct();
  return (
    <>
      <ToolbarTable<ContactView>
        canManage={canManage}
        add={{ label: t('notify.addContact'), onClick: () => setEditing(NEW), 'data-testid': 'contact-new' }}
        loading={isFetching}
        dataSource={contacts}
        data-testid="contacts-table"
        columns={[
          { title: t('notify.configName'), dataIndex: 'configName' },
          {
            title: t('notify.channel'),
            dataIndex: 'channel',
            render: (c: NotifyChannel) => <Tag>{t(`notify.channels.${c}`)}</Tag>,
          },
          {
            // The contact's own quiet hours, when it has them (they replace the rule's for it).
            title: t('notify.quietHours'),
            key: 'quietHours',
            render: (_: unknown, c: ContactView) => quietHoursText(c.settings),
          },
          {
            title: t('notify.paused'),
            dataIndex: 'pausedUntil',
            render: (v: number | null) => (v && v > Date.now() ? <DateText value={v} time={SECONDS} /> : '—'),
          },
        ]}
        actions={(c) => (
          <Space>
            <Button
              size="small"
              onClick={() =>
                act({
                  run: () => test.mutateAsync(c.id),
                  done: () => messageText(t, TEST_SENT),
                })
              }
              data-testid={`contact-${c.id}-test`}
            >
              {t('notify.test')}
            </Button>
            <RowActions
              data-testid={`contact-${c.id}`}
              onEdit={() => setEditing(c)}
              onDelete={() =>
                act({
                  confirm: { message: t('notify.confirmDeleteContact', { name: c.configName }) },
                  run: () => remove.mutateAsync(c.id),
                  done: t('notify.deleted'),
                })
              }
            />
          </Space>
        )}
      />
      {editing !== null && (
        <ContactModal contact={editing === NEW ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
