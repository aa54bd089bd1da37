/** The SQLite write-ahead log shrinks back after a burst of writes instead of keeping its high-water size. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openStore } from './database.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-wal-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('cuts the write-ahead log back to 16 MiB after a 40-MiB burst', async () => {
  const store = await openStore({ dataDir: dir });
  const wal = path.join(dir, 'console.sqlite-wal');
  try {
    await sql`create table burst (data blob)`.execute(store.db);
    await store.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 40; i++) await sql`insert into burst values (zeroblob(${1024 * 1024}))`.execute(tx);
    });
    expect(fs.statSync(wal).size).toBeGreaterThan(40 * 1024 * 1024);
    // The burst's commit ran SQLite's automatic checkpoint; the next write starts the log from its beginning.
    await sql`insert into burst values (zeroblob(10))`.execute(store.db);
    expect(fs.statSync(wal).size).toBeLessThanOrEqual(16 * 1024 * 1024);
  } finally {
    await store.close();
  }
});
