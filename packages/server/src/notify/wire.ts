/**
 * Notification hooked to Messages: a new message's deliveries are written in the message's own transaction
 * (a crash leaves both or neither), the worker is kicked once it is committed, and a claimed scheduler task
 * escalates critical messages nobody acknowledged (read, or assigned in To-do) in time to the rule's next
 * contact. The module and the alerts benchmark both use it.
 */
import type { MessageService } from '../messages/service.ts';
import type { SystemTask } from '../scheduler/service.ts';
import type { NotifyService } from './service.ts';

export function notifyMessages(
  messages: MessageService,
  notify: NotifyService,
  kick: () => void,
): () => void {
  const stopHook = messages.alongWithFresh((trx, message, raise) => notify.queueWith(trx, message, raise));
  const stopListening = messages.onChange(({ message, fresh }) => {
    if (message && fresh) kick();
  });
  return () => {
    stopHook();
    stopListening();
  };
}

/** Escalates what is due now; resolves with how many messages went to a next contact. */
export async function escalateDue(
  messages: MessageService,
  notify: NotifyService,
  now = Date.now(),
): Promise<number> {
  let escalated = 0;
  for (const message of await messages.dueEscalations(now)) {
    const rule =
      message.ruleId === null ? undefined : await messages.rules.get(message.ruleId).catch(() => undefined);
    const contactId = rule?.escalateContactId ?? null;
    const taken = await messages.takeEscalation(message.id, async (trx) => {
      if (contactId !== null) await notify.escalateWith(trx, message.id, contactId);
    });
    if (taken && contactId !== null) escalated += 1;
  }
  return escalated;
}

export function escalationTask(
  messages: MessageService,
  notify: NotifyService,
  kick: () => void,
): SystemTask {
  return {
    name: 'notify.escalate',
    pattern: '*/15 * * * * *',
    catchUp: false,
    async run() {
      if ((await escalateDue(messages, notify)) > 0) kick();
    },
  };
}
