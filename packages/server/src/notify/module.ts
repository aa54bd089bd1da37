/**
 * Notification (SPEC 2, 3, 5): contacts per channel (secrets sealed), the notify list, and reliable
 * delivery of every new message to the contacts its rule notifies (queued in the message's transaction,
 * claimed, retried, logged), quiet hours and escalation (wire.ts), and WeChat Work contacts' callback
 * through which a receiver acknowledges a message from WeChat (wecom-callback.ts).
 */
import { featureModule } from '../modules/module.ts';
import { messagesModule } from '../messages/module.ts';
import { contactStore } from './contacts.ts';
import { deliveryStore } from './deliveries.ts';
import { linkStore } from './links.ts';
import { notifyService, payloadOf } from './service.ts';
import { notifyRoutes, wecomRoutes } from './routes.ts';
import { wecomCallback } from './wecom-callback.ts';
import { deliveryWorker } from './worker.ts';
import { escalationTask, notifyMessages } from './wire.ts';

export const notifyModule = featureModule({
  name: 'notify',
  needs: ['store', 'secrets', 'log'],
  uses: { messages: messagesModule },
  start: ({ store, secrets, log }, { messages }) => {
    const contacts = contactStore(store.db, secrets);
    const deliveries = deliveryStore(store.db);
    const worker = deliveryWorker({
      deliveries,
      contacts,
      payloadOf: async (id) => {
        const message = await messages.service.get(id).catch(() => undefined);
        return message && payloadOf(message);
      },
      log,
    });
    const service = notifyService({ contacts, links: linkStore(store.db), deliveries, kick: worker.kick });
    const stopListening = notifyMessages(messages.service, service, worker.kick);
    // Rows left pending by an earlier run (a restart) go out now, not at the first tick.
    worker.kick();
    const callback = wecomCallback({ contacts, deliveries, acknowledge: messages.service.acknowledge });
    return {
      routes: [notifyRoutes(service), wecomRoutes(callback)],
      tasks: [escalationTask(messages.service, service, worker.kick)],
      async stop() {
        stopListening();
        await worker.stop();
      },
    };
  },
});
