/**
 * Raises in a storm (a broker outage: every device offline and back, again and again) without a database
 * transaction per occurrence: raises of one key are handled one batch at a time, and while a batch is being
 * written the next occurrences of the key gather into one count-up. The key's open message is remembered for
 * its hold-off window, so a repeat is one UPDATE rather than a look-up and a write in a transaction.
 * Another replica's message for the same key is not seen here; a device's changes arrive at the replica
 * that holds its connection, so keys seldom meet across replicas (and then make two messages, not a loss).
 */
import type { AlertMessageView } from '@edge/protocol';
import type { MessageStore, Raise } from './store.ts';

interface Waiting {
  r: Raise;
  done(): void;
  fail(err: unknown): void;
}

interface Slot {
  queue: Waiting[];
  busy: boolean;
  open?: AlertMessageView;
  holdOffMs: number;
}

export function raiseCoalescer(
  store: Pick<MessageStore, 'raise' | 'countUp'>,
  told: (message: AlertMessageView, fresh: boolean) => void,
) {
  const slots = new Map<string, Slot>();

  const within = (slot: Slot, at: number) =>
    slot.open !== undefined && at - slot.open.lastAt <= slot.holdOffMs;

  async function write(slot: Slot, batch: Waiting[]): Promise<void> {
    const first = batch[0]!.r;
    const lastAt = batch.at(-1)!.r.at;
    let message: AlertMessageView | undefined;
    let fresh = false;
    if (slot.open && within(slot, first.at))
      message = await store.countUp(slot.open.id, batch.length, lastAt);
    if (!message) {
      ({ message, fresh } = await store.raise(first));
      if (batch.length > 1) message = (await store.countUp(message.id, batch.length - 1, lastAt)) ?? message;
    }
    slot.open = message;
    told(message, fresh);
  }

  async function drain(key: string, slot: Slot): Promise<void> {
    slot.busy = true;
    while (slot.queue.length) {
      const batch = slot.queue.splice(0);
      try {
        await write(slot, batch);
        for (const w of batch) w.done();
      } catch (err) {
        slot.open = undefined;
        for (const w of batch) w.fail(err);
      }
    }
    slot.busy = false;
    if (!slot.open) slots.delete(key);
  }

  return {
    raise(r: Raise): Promise<void> {
      let slot = slots.get(r.dedupeKey);
      if (!slot) {
        slot = { queue: [], busy: false, holdOffMs: r.holdOffMs };
        slots.set(r.dedupeKey, slot);
      }
      slot.holdOffMs = r.holdOffMs;
      const waiting = new Promise<void>((done, fail) => slot.queue.push({ r, done, fail }));
      if (!slot.busy) void drain(r.dedupeKey, slot);
      return waiting;
    },
    /** Forgets the open messages whose hold-off window has passed (memory stays bounded by what is open). */
    prune(now = Date.now()): void {
      for (const [key, slot] of slots) if (!slot.busy && !within(slot, now)) slots.delete(key);
    },
    /** How many keys are remembered (tests, figures). */
    size: () => slots.size,
  };
}
