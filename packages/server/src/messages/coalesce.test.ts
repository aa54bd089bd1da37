/** A storm of one key becomes one message and few writes; past the hold-off window a new message is made. */
import { describe, expect, test } from 'vitest';
import type { AlertMessageView } from '@edge/protocol';
import type { Raise } from './store.ts';
import { raiseCoalescer } from './coalesce.ts';

function fakeStore() {
  const rows = new Map<number, AlertMessageView>();
  const writes: string[] = [];
  let next = 1;
  const tick = () => new Promise((r) => setTimeout(r, 5));
  return {
    rows,
    writes,
    async raise(r: Raise) {
      writes.push('raise');
      await tick();
      const message = { id: next++, count: 1, lastAt: r.at, createdAt: r.at } as AlertMessageView;
      rows.set(message.id, message);
      return { message, fresh: true };
    },
    async countUp(id: number, n: number, at: number) {
      writes.push(`countUp ${n}`);
      await tick();
      const row = rows.get(id);
      if (!row) return undefined;
      const updated = { ...row, count: row.count + n, lastAt: at };
      rows.set(id, updated);
      return updated;
    },
  };
}

const raiseAt = (at: number): Raise => ({ dedupeKey: '1|offline|d', holdOffMs: 60_000, at }) as Raise;

describe('raise coalescer', () => {
  test('ten occurrences at once: one message counted to ten, in two writes; told new, then counted up', async () => {
    const store = fakeStore();
    const told: boolean[] = [];
    const c = raiseCoalescer(store, (_m, fresh) => told.push(fresh));
    await Promise.all(Array.from({ length: 10 }, (_, i) => c.raise(raiseAt(1000 + i))));
    expect([...store.rows.values()].map((m) => m.count)).toEqual([10]);
    expect(store.writes).toEqual(['raise', 'countUp 9']);
    expect(told).toEqual([true, false]);
  });

  test('a repeat within the window counts up; after it, a new message; prune forgets closed keys', async () => {
    const store = fakeStore();
    const c = raiseCoalescer(store, () => undefined);
    await c.raise(raiseAt(0));
    await c.raise(raiseAt(30_000));
    await c.raise(raiseAt(200_000));
    expect([...store.rows.values()].map((m) => m.count)).toEqual([2, 1]);
    expect(c.size()).toBe(1);
    c.prune(1_000_000);
    expect(c.size()).toBe(0);
  });
});
