/**
 * Notification (SPEC 2, 3, 5): contacts per channel (secrets sealed), the notify list, and reliable
 * delivery of every new message to the contacts its rule notifies (queued, claimed, retried, logged).
 */
import { featureModule } from '../modules/module.ts';
import { messagesModule } from '../messages/module.ts';
import { contactStore } from './contacts.ts';
import { deliveryStore } from './deliveries.ts';
import { linkStore } from './links.ts';
import { notifyService, payloadOf } from './service.ts';
import { notifyRoutes } from './routes.ts';
import { deliveryWorker } from './worker.ts';

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
    const stopListening = messages.service.onChange(({ message, fresh }) => {
      if (!message || !fresh) return;
      service
        .queue(message)
        .catch((err: unknown) => log.error({ err }, 'message not queued for notification'));
    });
    // Rows left pending by an earlier run (a restart) go out now, not at the first tick.
    worker.kick();
    return {
      routes: [notifyRoutes(service)],
      async stop() {
        stopListening();
        await worker.stop();
      },
    };
  },
});
