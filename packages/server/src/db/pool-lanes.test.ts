import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inOperatorLane, laneGate, outsideOperatorLane, type PooledClient } from './pool-lanes.ts';
import { signIn, startTestConsole } from '../testing/harness.ts';

/** A pool of `size` clients that records who holds them; connect waits while none is free. */
function fakePool(size: number) {
  const free: PooledClient[] = [];
  const waiting: ((c: PooledClient) => void)[] = [];
  let failNext = false;
  const pool = {
    held: 0,
    fail: () => void (failNext = true),
    connect(): Promise<PooledClient> {
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('ECONNREFUSED'));
      }
      const client = free.pop();
      if (client) {
        pool.held++;
        return Promise.resolve(client);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
  for (let i = 0; i < size; i++)
    free.push({
      release() {
        pool.held--;
        const next = waiting.shift();
        if (next) {
          pool.held++;
          next(this);
        } else free.push(this);
      },
    });
  return pool;
}

const settle = () => new Promise((r) => setImmediate(r));

describe('laneGate', () => {
  it('keeps connections for requests while background work waits beyond its share', async () => {
    const pool = fakePool(4);
    const connect = laneGate(() => pool.connect(), 2);
    const background = [connect(), connect()];
    let third: PooledClient | undefined;
    void connect().then((c) => (third = c));
    const held = await Promise.all(background);
    await settle();
    expect(third).toBeUndefined();
    expect(pool.held).toBe(2);

    // A request gets one of the two left at once, and the other besides.
    const forRequest = await inOperatorLane(() => Promise.all([connect(), connect()]));
    expect(pool.held).toBe(4);

    // A background release passes its share to the one waiting.
    held[0]!.release();
    await settle();
    expect(third).toBeDefined();
    for (const c of forRequest) c.release();
    held[1]!.release();
    third!.release();
    expect(pool.held).toBe(0);
  });

  it('gives a client back its own release: a request holding it later does not free a background share', async () => {
    const pool = fakePool(1);
    const connect = laneGate(() => pool.connect(), 1);
    const first = await connect();
    first.release();
    const again = await inOperatorLane(() => connect());
    expect(again).toBe(first);
    again.release();
    // Had the request's release freed a share, two background callers would now both get one.
    const one = await connect();
    let two: PooledClient | undefined;
    void connect().then((c) => (two = c));
    await settle();
    expect(two).toBeUndefined();
    one.release();
    await settle();
    expect(two).toBe(first);
  });

  it('frees the share of a connection that could not be made', async () => {
    const pool = fakePool(2);
    const connect = laneGate(() => pool.connect(), 1);
    pool.fail();
    await expect(connect()).rejects.toThrow('ECONNREFUSED');
    const client = await connect();
    client.release();
  });

  it('counts what a request schedules outside the lane as background', async () => {
    const pool = fakePool(2);
    const connect = laneGate(() => pool.connect(), 1);
    const held = await connect();
    let scheduled: PooledClient | undefined;
    await inOperatorLane(async () => {
      outsideOperatorLane(() => setTimeout(() => void connect().then((c) => (scheduled = c)), 0));
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(scheduled).toBeUndefined();
    held.release();
    await settle();
    expect(scheduled).toBeDefined();
  });
});

describe('a console on PostgreSQL', () => {
  it('answers an operator while background transactions hold every connection they may, and wait for more', async () => {
    const edge = await startTestConsole('postgres');
    try {
      const session = await signIn(edge);
      let letGo!: () => void;
      const held = new Promise<void>((resolve) => (letGo = resolve));
      // More than the whole pool: the background's share is held, the rest of them wait for it.
      const holders = Array.from({ length: 12 }, () =>
        edge.store.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await held;
        }),
      );
      await new Promise((r) => setTimeout(r, 300));
      const answer = edge.app.inject({
        method: 'GET',
        url: '/api/v1/inventory/list',
        headers: session.headers(false),
      });
      const first = await Promise.race([answer, new Promise((r) => setTimeout(() => r('no answer'), 5_000))]);
      letGo();
      await Promise.all(holders);
      expect(first).not.toBe('no answer');
      expect((await answer).statusCode).toBe(200);
    } finally {
      await edge.destroy();
    }
  });
});
