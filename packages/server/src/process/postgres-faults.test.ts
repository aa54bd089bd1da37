/**
 * PostgreSQL stopped under a running console and started again (a private cluster on a free port,
 * testing/postgres-process.ts; never the shared one). While it is down the console keeps answering what it
 * can: the health check says degraded, reads it holds in memory answer the operator already signed in, writes
 * are refused at once with the databaseUnavailable words and change nothing, the devices stay connected and
 * the process does not fall over. Once it is back, writes go through and every one reaches its device
 * (nothing left pending). Recovery times are printed so they can be quoted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from 'vitest';
import { messages } from '@edge/protocol';
import { waitFor } from '../testing/devices.ts';
import { startPostgres } from '../testing/postgres-process.ts';
import {
  RENAME,
  cleanupAfterEach,
  consoleWithFleet,
  onlineCount,
  renamedEverywhere,
  type Call,
} from '../testing/console-process.ts';

const DEVICES = 6;
/** How long the database stays down; the checks below run through all of it. */
const OUTAGE_MS = 10_000;
/** A refused write answers within this long (it does not wait for the database to come back). */
const FAST_REFUSAL_MS = 2_000;

const cleanup = cleanupAfterEach();

async function renameAll(call: Call, ids: string[], name: string) {
  return Promise.all(
    ids.map(async (id) => {
      const startedAt = performance.now();
      const res = await call('PATCH', RENAME, { id, deviceName: name });
      return {
        status: res.status,
        body: (await res.json()) as Record<string, unknown>,
        ms: performance.now() - startedAt,
      };
    }),
  );
}

test('a PostgreSQL outage: the console degrades, refuses writes clearly, keeps its devices, and recovers', async () => {
  const postgres = await startPostgres();
  cleanup(() => postgres.destroy());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-pg-outage-'));
  cleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { child, url, call, ids } = await consoleWithFleet(cleanup, dataDir, DEVICES, {
    DATABASE_URL: postgres.url,
  });
  for (const answer of await renameAll(call, ids, 'Before the outage')) expect(answer.status).toBe(200);
  await waitFor(
    () => renamedEverywhere(call, ids, 'Before the outage'),
    'the first renames delivered',
    30_000,
  );

  await postgres.stop();
  const downAt = Date.now();
  const refusals: number[] = [];
  let checks = 0;
  while (Date.now() - downAt < OUTAGE_MS) {
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'degraded', database: 'unreachable' });
    // The inventory is held in memory: it answers, and says every device is still connected.
    expect(await onlineCount(call)).toBe(DEVICES);
    for (const answer of await renameAll(call, ids, `During the outage ${checks}`)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body).toEqual({
        err_message: messages.databaseUnavailable,
        err_code: 'databaseUnavailable',
      });
      refusals.push(answer.ms);
    }
    expect(child.exitCode).toBeNull();
    checks++;
    await new Promise((r) => setTimeout(r, 1000));
  }
  refusals.sort((a, b) => a - b);
  expect(refusals[Math.floor(refusals.length / 2)]!).toBeLessThan(FAST_REFUSAL_MS / 4);
  expect(refusals.at(-1)!).toBeLessThan(FAST_REFUSAL_MS);

  await postgres.start();
  const upAt = Date.now();
  await waitFor(
    async () => (await fetch(`${url}/healthz`)).status === 200,
    'the health check ok again',
    30_000,
  );
  const healthyAt = Date.now();
  await waitFor(
    async () => (await call('PATCH', RENAME, { id: ids[0], deviceName: 'After the outage' })).status === 200,
    'a write accepted again',
    30_000,
  );
  const writableAt = Date.now();
  for (const answer of await renameAll(call, ids, 'After the outage')) expect(answer.status).toBe(200);
  await waitFor(() => renamedEverywhere(call, ids, 'After the outage'), 'every write delivered', 60_000);
  const deliveredAt = Date.now();
  expect(await onlineCount(call)).toBe(DEVICES);
  expect(child.exitCode).toBeNull();

  // Straight from the database: nothing of the refused writes was stored, and nothing waits to be sent.
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  cleanup(() => db.end());
  const { rows: stored } = await db.query<{ n: number }>(
    `select count(*)::int as n from device_sections where desired like '%During the outage%'`,
  );
  expect(stored[0]!.n).toBe(0);
  const { rows: recorded } = await db.query<{ n: number }>(
    'select count(*)::int as n from activity where created_at between $1 and $2 and status_code < 400',
    [downAt, upAt],
  );
  expect(recorded[0]!.n).toBe(0);
  const { rows: waiting } = await db.query<{ n: number }>(
    `select count(*)::int as n from device_sections where state in ('pending', 'applying')`,
  );
  expect(waiting[0]!.n).toBe(0);

  console.log(
    `[faults PostgreSQL outage] ${refusals.length} writes refused in ${refusals[0]!.toFixed(0)}-${refusals.at(-1)!.toFixed(0)} ms ` +
      `(median ${refusals[Math.floor(refusals.length / 2)]!.toFixed(0)} ms) over ${OUTAGE_MS} ms down; after the restart ` +
      `healthy in ${healthyAt - upAt} ms, writes accepted in ${writableAt - upAt} ms, every write delivered in ${deliveredAt - upAt} ms`,
  );
}, 180_000);
