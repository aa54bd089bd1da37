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
import type { ContactStore } from './contacts.ts';
import type { DeliveryStore } from './deliveries.ts';
import type { LinkStore } from './links.ts';
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
    /** A new message: queued for every contact its rule notifies. */
    async queue(message: AlertMessageView): Promise<void> {
      if (message.ruleId === null) return;
      await deliveries.enqueue(message.id, await links.contactsOf(message.ruleId));
      deps.kick();
    },
  };
}
export type NotifyService = ReturnType<typeof notifyService>;
