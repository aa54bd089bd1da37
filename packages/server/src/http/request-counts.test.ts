/**
 * The shared request counter on both databases: two counters on one database (two replicas) count a key
 * together, a new window starts from one and sweeps the rows of past ones, and a key over its limit stops
 * costing the database writes until its window ends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openStore, type Store } from '../db/database.ts';
import { DIALECTS, throwawayPostgres } from '../testing/harness.ts';
import { requestCounter } from './request-counts.ts';

const WINDOW = 60_000;

describe.each(DIALECTS)('request counter (%s)', (dialect) => {
  let store: Store;
  let drop: (() => Promise<void>) | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-counts-'));

  beforeAll(async () => {
    const pg = dialect === 'postgres' ? await throwawayPostgres() : undefined;
    drop = pg?.drop;
    store = await openStore({ dataDir, databaseUrl: pg?.url });
  });
  afterAll(async () => {
    await store?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rows = () => store.db.selectFrom('request_counts').selectAll().orderBy('key').execute();

  test('two counters on one database count a key together, window by window', async () => {
    let t = 10 * WINDOW + 1_000;
    const clock = () => t;
    const one = requestCounter(store.db, clock);
    const two = requestCounter(store.db, clock);

    expect(await one.hit('10.0.0.1', WINDOW, 5)).toEqual({ current: 1, ttl: WINDOW - 1_000 });
    expect((await two.hit('10.0.0.1', WINDOW, 5)).current).toBe(2);
    expect((await one.hit('10.0.0.1', WINDOW, 5)).current).toBe(3);
    expect((await two.hit('10.0.0.2', WINDOW, 5)).current).toBe(1);

    t += WINDOW;
    expect(await two.hit('10.0.0.1', WINDOW, 5)).toEqual({ current: 1, ttl: WINDOW - 1_000 });
    // The first request of the new window swept the rows of the last one.
    expect((await rows()).map((r) => [r.key, r.window_start, r.count])).toEqual([
      ['10.0.0.1', 11 * WINDOW, 1],
    ]);
  });

  test('past its limit a key is refused without another write until its window ends', async () => {
    let t = 20 * WINDOW;
    const counter = requestCounter(store.db, () => t);
    for (let i = 1; i <= 3; i++) expect((await counter.hit('flood', WINDOW, 2)).current).toBe(i);
    for (let i = 4; i <= 50; i++) expect((await counter.hit('flood', WINDOW, 2)).current).toBe(i);
    const stored = (await rows()).find((r) => r.key === 'flood');
    expect(stored?.count).toBe(3);
    t += WINDOW;
    expect((await counter.hit('flood', WINDOW, 2)).current).toBe(1);
  });
});
