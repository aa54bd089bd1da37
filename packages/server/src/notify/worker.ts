/**
 * Sends what is due, on every replica: each row is claimed first (deliveries.ts), so only one console sends
 * it. A provider that asked to slow down (429) or failed is paused for the wait, so its other rows wait too.
 * Runs every second and when a message is queued; stop() waits for the sends in flight.
 */
import { randomUUID } from 'node:crypto';
import type { NotifyPayload } from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import type { ContactStore } from './contacts.ts';
import type { DeliveryStore, Due } from './deliveries.ts';
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

  /** Sends one due row unless its contact is paused or another console claimed it; true when it was tried. */
  async function send(due: Due): Promise<boolean> {
    const contact = await deps.contacts.get(due.contactId);
    const payload = await deps.payloadOf(due.messageId);
    if (!contact || !payload || (contact.pausedUntil ?? 0) > Date.now()) return false;
    if (!(await deps.deliveries.claim(due.id, owner, Date.now()))) return false;
    const outcome = await attempt(contact, payload, due.sentTo);
    const retryAt = await deps.deliveries.settle(due, owner, outcome, Date.now());
    if (retryAt !== undefined) await deps.contacts.pause(contact.id, retryAt);
    return true;
  }

  /** Batch after batch while a full one was due and sent (a backlog goes out at once, not a batch a tick). */
  async function pass(): Promise<void> {
    for (;;) {
      const due = await deps.deliveries.due(Date.now(), BATCH);
      let sent = 0;
      for (const row of due) {
        if (stopped) return;
        if (await send(row)) sent += 1;
      }
      if (due.length < BATCH || sent === 0) return;
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
