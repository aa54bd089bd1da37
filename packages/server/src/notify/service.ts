/**
 * Notification: contacts, the notify list, the delivery log and resends, and a test send per contact that
 * goes through the same sender as real deliveries (so it proves what will really be used).
 */
import {
  messages,
  type AlertMessageView,
  type ContactRequest,
  type DeliveryView,
  type NotifyPayload,
} from '@edge/protocol';
import { fail } from '../http/errors.ts';
import type { Db } from '../db/schema.ts';
import type { Raise } from '../messages/store.ts';
import { contactQuiet, quietUntil } from './quiet.ts';
import type { ContactStore } from './contacts.ts';
import { deliveryStore, type DeliveryStore } from './deliveries.ts';
import { linkStore, type LinkStore } from './links.ts';
import { attempt } from './send.ts';

export const payloadOf = (m: AlertMessageView): NotifyPayload => ({
  id: m.id,
  ruleName: m.ruleName,
  event: m.event,
  severity: m.severity,
  deviceId: m.deviceId,
  deviceName: m.deviceName,
  detail: m.detail,
  createdAt: m.createdAt,
});

export function notifyService(deps: {
  contacts: ContactStore;
  links: LinkStore;
  deliveries: DeliveryStore;
  kick: () => void;
}) {
  const { contacts, links, deliveries } = deps;
  return {
    contacts: {
      list: contacts.list,
      add: (r: ContactRequest) => contacts.add(r),
      edit: (id: number, r: ContactRequest) => contacts.edit(id, r),
      remove: contacts.remove,
      async test(id: number): Promise<void> {
        const contact = await contacts.get(id);
        if (!contact) throw fail(404, 'notFound');
        const outcome = await attempt(
          contact,
          {
            id: 0,
            ruleName: 'Test',
            event: 'online',
            severity: 'informational',
            deviceId: null,
            deviceName: '',
            detail: `A test message from the console to ${contact.configName}.`,
            createdAt: Date.now(),
          },
          [],
        );
        if (!outcome.ok)
          throw fail(
            502,
            'notifyTestFailed',
            `${messages.notifyTestFailed} ${outcome.status || ''} ${outcome.answer}`
              .replace(/\s+/g, ' ')
              .trim(),
          );
      },
    },
    links,
    deliveries: (messageId?: number) => deliveries.list(messageId),
    async resend(id: number): Promise<DeliveryView> {
      if (!(await deliveries.view(id))) throw fail(404, 'notFound');
      if (!(await deliveries.resend(id))) throw fail(409, 'notifyResendQueued');
      deps.kick();
      return (await deliveries.view(id))!;
    },
    /**
     * A new message, in its transaction: queued for every contact its rule notifies, held to the end of the
     * contact's own quiet hours, or else the rule's, unless it is critical. The worker is kicked once the
     * message is committed.
     */
    async queueWith(trx: Db, message: AlertMessageView, raise: Raise): Promise<void> {
      if (message.ruleId === null) return;
      const contacts = await linkStore(trx).contactsOf(message.ruleId);
      const now = Date.now();
      if (message.severity === 'critical') return deliveryStore(trx).enqueue(message.id, contacts, { now });
      const own = await contactQuiet(trx, contacts);
      await deliveryStore(trx).enqueue(message.id, contacts, {
        now,
        dueAt: (contact) => quietUntil(now, own.get(contact) ?? raise.quiet) ?? now,
      });
    },
    /**
     * A due escalation, in the transaction that ends it: the message (critical, so not held) goes to the
     * rule's next contact, marked as escalated in the delivery log.
     */
    async escalateWith(trx: Db, messageId: number, contactId: number): Promise<void> {
      await deliveryStore(trx).enqueue(messageId, [contactId], { escalated: true });
    },
  };
}
export type NotifyService = ReturnType<typeof notifyService>;
