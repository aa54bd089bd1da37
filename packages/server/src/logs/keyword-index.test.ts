/**
 * The log's key-word index on SQLite (FTS5 trigram) and PostgreSQL (pg_trgm): pages and streams found
 * through it are the rows the plain scan finds, for key words of every shape (mixed case, spaces, quotes,
 * LIKE wildcards, too short for the index), with the other filters and across pages; deleted rows leave it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { LogFilter } from '@edge/protocol';
import { openStore, type Store } from '../db/database.ts';
import { DIALECTS, throwawayPostgres } from '../testing/harness.ts';
import { hasKeywordIndex } from './keyword-index.ts';
import { logStore, type LogLine } from './store.ts';

const WORDS = [
  'link',
  'up',
  'down',
  'wan0',
  'DHCP',
  'lease',
  'renewed',
  '50%',
  'a_b',
  '"quoted"',
  'Überlast',
  'cpu',
];
const PROGRAMS = ['netifd', 'dnsmasq', 'kernel'];
const LEVELS = ['info', 'warning', 'error'];

/** The same lines every run (a small linear congruential generator). */
function lines(n: number): LogLine[] {
  let seed = 17;
  const next = (m: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % m;
  };
  return Array.from({ length: n }, (_, i) => ({
    device_id: `dev-${next(4)}`,
    level: LEVELS[next(3)]!,
    program: PROGRAMS[next(3)]!,
    message: Array.from({ length: 3 + next(5) }, () => WORDS[next(WORDS.length)]).join(' '),
    alarm_code: null,
    created_at: 1_700_000_000_000 + Math.floor(i / 3) * 1000,
  }));
}

describe.each(DIALECTS)('log key-word index (%s)', (dialect) => {
  let store: Store;
  let drop: (() => Promise<void>) | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-kw-'));

  beforeAll(async () => {
    const pg = dialect === 'postgres' ? await throwawayPostgres() : undefined;
    drop = pg?.drop;
    store = await openStore({ dataDir, databaseUrl: pg?.url });
    await logStore(store.db, store.dialect).insert(lines(3000));
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the index is there (pg_trgm is installed on this PostgreSQL)', async () => {
    if (dialect === 'postgres') {
      const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(
        store.db,
      );
      // Where the extension cannot be had the console scans instead (and says so at start).
      if (!available.rows.length) return;
    }
    expect(await hasKeywordIndex(store.db, store.dialect)).toBe(true);
  });

  test('pages and streams through the index equal the plain scan', async () => {
    const indexed = logStore(store.db, store.dialect, await hasKeywordIndex(store.db, store.dialect));
    const scan = logStore(store.db, store.dialect, false);
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const filters: Partial<LogFilter>[] = [
      { key: 'lease' },
      { key: 'LINK UP' },
      { key: 'wan0 dhcp' },
      { key: '50%' },
      { key: 'a_b' },
      { key: '"quoted"' },
      { key: 'überlast' },
      { key: 'up' },
      { key: 'nothing like this' },
      { key: 'cpu', levelName: 'Error' },
      { key: 'renewed', deviceID: 'dev-2', functionName: 'kernel' },
      { key: 'down', startDate: 1_700_000_200_000, endDate: 1_700_000_600_000 },
    ];
    for (const filter of filters) {
      const label = JSON.stringify(filter);
      for (const [offset, limit] of [
        [0, 10],
        [40, 25],
        [0, 5000],
      ] as const) {
        const got = await indexed.page(filter, { offset }, limit);
        expect(ids(got), label).toEqual(ids(await scan.page(filter, { offset }, limit)));
      }
      const first = await indexed.page(filter, { offset: 0 }, 10);
      const last = first.at(-1);
      if (last) {
        const cursor = { createdAt: last.created_at, id: last.id };
        expect(ids(await indexed.page(filter, { cursor, offset: 0 }, 10)), label).toEqual(
          ids(await scan.page(filter, { cursor, offset: 0 }, 10)),
        );
      }
      // An export streams what the pages show (SQLite's LIKE of the scanned stream folds ASCII case only, so
      // the scan's pages, which fold every letter as the index does, are the reference).
      const streamed: number[] = [];
      for await (const batch of indexed.stream(filter, 10_000)) streamed.push(...ids(batch));
      expect(streamed, label).toEqual(ids(await scan.page(filter, { offset: 0 }, 10_000)));
    }
    // Something was found at all (the comparison is not of two empty lists).
    expect((await indexed.page({ key: 'lease' }, { offset: 0 }, 5000)).length).toBeGreaterThan(100);
  });

  test('rows deleted by retention leave the index', async () => {
    const indexed = logStore(store.db, store.dialect, await hasKeywordIndex(store.db, store.dialect));
    await indexed.deleteOlderThan(1_700_000_500_000);
    const found = await indexed.page({ key: 'lease' }, { offset: 0 }, 5000);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.created_at >= 1_700_000_500_000)).toBe(true);
    expect(found.map((r) => r.id)).toEqual(
      (await logStore(store.db, store.dialect, false).page({ key: 'lease' }, { offset: 0 }, 5000)).map(
        (r) => r.id,
      ),
    );
  });
});
