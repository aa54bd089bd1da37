import { describe, expect, it } from 'vitest';
import { batcher } from './batcher.ts';
import { keyedLock } from './keyed-lock.ts';

const later = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batcher', () => {
  it('groups what arrives together, and what arrives during a batch into the next', async () => {
    const batches: string[][] = [];
    let open: () => void = () => undefined;
    const queue = batcher<string>(
      (s) => s,
      async (batch) => {
        batches.push(batch);
        await new Promise<void>((resolve) => (open = resolve));
      },
      100,
    );
    const first = ['a', 'b', 'c'].map((s) => queue.add(s));
    while (batches.length === 0) await later();
    const second = ['d', 'e'].map((s) => queue.add(s));
    expect(queue.size).toBe(5);
    open();
    await Promise.all(first);
    open();
    await Promise.all(second);
    expect(batches).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    expect(queue.size).toBe(0);
  });

  it('keeps two items of one key apart, and batches no larger than the limit', async () => {
    const batches: string[][] = [];
    const queue = batcher<string>(
      (s) => s.slice(0, 1),
      async (batch) => void batches.push(batch),
      2,
    );
    await Promise.all(['a1', 'a2', 'b1', 'c1'].map((s) => queue.add(s)));
    expect(batches).toEqual([
      ['a1', 'b1'],
      ['a2', 'c1'],
    ]);
  });

  it('with gatherMs, items arriving one per turn share a batch; without, each is a batch of its own', async () => {
    const spaced = async (gatherMs: number) => {
      const batches: number[][] = [];
      const queue = batcher<number>(String, async (batch) => void batches.push(batch), 100, gatherMs);
      const added: Promise<void>[] = [];
      for (let i = 0; i < 5; i++) {
        added.push(queue.add(i));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await Promise.all(added);
      return batches;
    };
    expect(await spaced(0)).toEqual([[0], [1], [2], [3], [4]]);
    expect(await spaced(200)).toEqual([[0, 1, 2, 3, 4]]);
  });

  it('fails the items of a failed batch, and goes on with the next', async () => {
    const queue = batcher<string>(
      (s) => s,
      async (batch) => {
        if (batch.includes('bad')) throw new Error('store down');
      },
      1,
    );
    const results = await Promise.allSettled([queue.add('bad'), queue.add('good')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  });
});

describe('keyedLock', () => {
  it('a task holding several keys waits for each and is waited for by each', async () => {
    const run = keyedLock();
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(`${name} start`);
      await later();
      order.push(`${name} end`);
    };
    await Promise.all([
      run('a', step('a')),
      run('b', step('b')),
      run.all(['a', 'b'], step('ab')),
      run('b', step('b2')),
      run('c', step('c')),
    ]);
    const at = (what: string) => order.indexOf(what);
    expect(at('ab start')).toBeGreaterThan(at('a end'));
    expect(at('ab start')).toBeGreaterThan(at('b end'));
    expect(at('b2 start')).toBeGreaterThan(at('ab end'));
    // A key nobody else holds runs at once.
    expect(at('c start')).toBeLessThan(at('a end'));
  });
});
