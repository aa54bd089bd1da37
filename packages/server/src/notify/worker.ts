/**
 * Sends what is due, on every replica: each row is claimed first (deliveries.ts), so only one console sends
 * it. A provider that asked to slow down (429) or failed is paused for the wait, so its other rows wait too.
 * Runs every second and when a message is queued; stop() waits for the sends in flight.
 */
import { randomUUID } from 'node:crypto';
import type { NotifyPayload } from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import type { ContactStore } from './contacts.ts';
import type { DeliveryStore } from './deliveries.ts';
import { attempt } from './send.ts';

const TICK_MS = 1_000;
const BATCH = 20;

export function deliveryWorker(deps: {
  deliveries: DeliveryStore;
  contacts: ContactStore;
  payloadOf: (messageId: number) => Promise<NotifyPayload | undefined>;
  log: BusLog;
}) {
  const owner = randomUUID();
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function pass(): Promise<void> {
    const now = Date.now();
    for (const due of await deps.deliveries.due(now, BATCH)) {
      if (stopped) return;
      const contact = await deps.contacts.get(due.contactId);
      const payload = await deps.payloadOf(due.messageId);
      if (!contact || !payload || (contact.pausedUntil ?? 0) > Date.now()) continue;
      if (!(await deps.deliveries.claim(due.id, owner, Date.now()))) continue;
      const outcome = await attempt(contact, payload, due.sentTo);
      const retryAt = await deps.deliveries.settle(due, owner, outcome, Date.now());
      if (retryAt !== undefined) await deps.contacts.pause(contact.id, retryAt);
    }
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((err: unknown) => deps.log.error({ err }, 'notification deliveries not sent'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const timer = setInterval(kick, TICK_MS);
  timer.unref();
  return {
    kick,
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
