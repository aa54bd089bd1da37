/**
 * Work items handed over in batches, one batch at a time: what arrives while a batch runs forms the next
 * one, so batches grow with the load (one item when idle, hundreds in a storm) and the database sees a few
 * statements per batch instead of a few per item. Two items of one key never share a batch: the later
 * waits for the next.
 *
 * `gatherMs`: how long the first item waits for others before its batch starts. Items that arrive one per
 * turn (devices adopted one after another as their enrolments come in) would otherwise each make a batch
 * of one; for work nobody waits on (a device's profile template, its Auth Connect accounts) a short wait
 * turns thousands of statements into dozens.
 */
/**
 * The wait (gatherMs) for work that follows devices arriving one after another (adopted as their enrolments come
 * in, coming online): long enough to gather a burst's devices, short against anything an operator waits for.
 */
export const ONE_BY_ONE_GATHER_MS = 250;

export interface Batcher<T> {
  /** Resolves when the batch holding this item has been handled (rejects if that batch failed). */
  add(item: T): Promise<void>;
  /** Items waiting or in hand. */
  readonly size: number;
}

interface Waiting<T> {
  item: T;
  settle: (err?: unknown) => void;
}

export function batcher<T>(
  keyOf: (item: T) => string,
  handle: (batch: T[]) => Promise<void>,
  maxBatch: number,
  gatherMs = 0,
): Batcher<T> {
  let waiting: Waiting<T>[] = [];
  let inHand = 0;
  let running = false;

  async function runBatches(): Promise<void> {
    running = true;
    // Let the messages that arrived in the same turn (or within gatherMs) join the first batch.
    await new Promise<void>((resolve) =>
      gatherMs > 0 ? setTimeout(resolve, gatherMs) : setImmediate(resolve),
    );
    while (waiting.length > 0) {
      const keys = new Set<string>();
      const batch: Waiting<T>[] = [];
      const later: Waiting<T>[] = [];
      for (const entry of waiting) {
        const key = keyOf(entry.item);
        if (batch.length < maxBatch && !keys.has(key)) {
          keys.add(key);
          batch.push(entry);
        } else later.push(entry);
      }
      waiting = later;
      inHand = batch.length;
      let failure: unknown;
      try {
        await handle(batch.map((entry) => entry.item));
      } catch (err) {
        failure = err ?? new Error('batch failed');
      }
      inHand = 0;
      for (const entry of batch) entry.settle(failure);
    }
    running = false;
  }

  return {
    add(item) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ item, settle: (err) => (err === undefined ? resolve() : reject(err)) });
        if (!running) void runBatches();
      });
    },
    get size() {
      return waiting.length + inHand;
    },
  };
}
