/** The SQLite store lets the event loop poll between long chains of queries (db/yielding-driver.ts). */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { whileAnswering } from '../lib/turn-budget.ts';
import { openStore, type Store } from './database.ts';

let store: Store | undefined;
let server: http.Server | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await store?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Runs `chains` chains of `queries` SQLite queries of a millisecond or so each, and one HTTP request asked
 * as they start (answered by `handle`); tells how many queries had run, and how many turns the loop had
 * made, at its answer.
 */
async function chainsAndARequest(
  chains: number,
  queries: number,
  handle: (db: Store['db'], response: http.ServerResponse) => void,
): Promise<{ ran: number; turns: number }> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-yield-'));
  store = await openStore({ dataDir, migrate: false });
  const db = store.db;
  const busy = () =>
    sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 10000) select count(*) from n`.execute(
      db,
    );
  await busy();
  server = http.createServer((_req, res) => handle(db, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  let ran = 0;
  let turns = 0;
  let stopCounting = false;
  const countTurn = () => {
    turns += 1;
    if (!stopCounting) setImmediate(countTurn);
  };
  setImmediate(countTurn);
  let atAnswer = { ran: -1, turns: -1 };
  const answered = fetch(`http://127.0.0.1:${port}/`)
    .then((res) => res.text())
    .then(() => (atAnswer = { ran, turns }));
  await Promise.all(
    Array.from({ length: chains }, async () => {
      for (let i = 0; i < queries; i++) {
        await busy();
        ran += 1;
      }
    }),
  );
  await answered;
  stopCounting = true;
  return atAnswer;
}

test('an HTTP request is answered while chains of SQLite queries are still running', async () => {
  // Without the pause for a turn it was answered only once every query had run.
  expect((await chainsAndARequest(10, 30, (_db, res) => res.end('ok'))).ran).toBeLessThan(300);
});

test("a request's own store work does not queue behind the paused chains", async () => {
  const { turns } = await chainsAndARequest(200, 4, (db, res) =>
    whileAnswering(res, () => void sql`select 1`.execute(db).then(() => res.end('ok'))),
  );
  // Queued behind them, its query would have waited for a turn of each of the 200 chains first.
  expect(turns).toBeLessThan(100);
});
