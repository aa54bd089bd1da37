/**
 * The log's key-word index on SQLite (FTS5 trigram) and PostgreSQL (pg_trgm): pages and streams found
 * through it are the rows the plain scan finds, for key words of every shape (mixed case, spaces, quotes,
 * LIKE wildcards, too short for the index), with the other filters and across pages; a key word is found
 * in the middle of a word whatever its case; rows deleted by retention and clearing leave the index itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import type { LogFilter } from '@edge/protocol';
import { openStore, type Store } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { DIALECTS, throwawayPostgres } from '../testing/harness.ts';
import type { Db } from '../db/schema.ts';
import { hasKeywordIndex } from './keyword-index.ts';
import { logStore, type LogLine } from './store.ts';

/**
 * A store that turns to the index after 100 rows read in order (the console's KEY_SCAN is sized for
 * millions of rows), and counts the statements that asked the index.
 */
async function indexStore(db: Db, dialect: Store['dialect']) {
  const asked = { index: 0 };
  const counted = db.withPlugin({
    transformQuery(args) {
      if (/device_logs_fts|ilike/.test(JSON.stringify(args.node))) asked.index++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const store = logStore(counted, dialect, await hasKeywordIndex(db, dialect), { first: 100, more: 200 });
  return { store, asked };
}

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
const mid = { device_id: 'dev-mid', level: 'info', program: 'netifd', alarm_code: null };
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
    const { store: indexed, asked } = await indexStore(store.db, store.dialect);
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
    // Something was found at all (the comparison is not of two empty lists), and through the index.
    expect((await indexed.page({ key: 'lease' }, { offset: 0 }, 5000)).length).toBeGreaterThan(100);
    expect(asked.index).toBeGreaterThanOrEqual(5);
  });

  test('a key word is found in the middle of a word, whatever its case, through the index and by scanning', async () => {
    const at = 1_700_000_000_000 + 2000 * 1000;
    await logStore(store.db, store.dialect).insert([
      { ...mid, message: 'wan0: ReconnectingNow after carrier loss', created_at: at },
      { ...mid, message: 'ÜBERLASTUNG der CPU', created_at: at + 1 },
      { ...mid, message: 'reconnect later', created_at: at + 2 },
    ]);
    const { store: indexed, asked } = await indexStore(store.db, store.dialect);
    const scan = logStore(store.db, store.dialect, false);
    const messages = async (s: typeof scan, key: string) =>
      (await s.page({ key }, { offset: 0 }, 10)).map((r) => r.message);
    for (const s of [indexed, scan]) {
      expect(await messages(s, 'ECONNECTINGn')).toEqual(['wan0: ReconnectingNow after carrier loss']);
      expect(await messages(s, 'connectingnow AFTER')).toEqual(['wan0: ReconnectingNow after carrier loss']);
      expect(await messages(s, 'erlastung')).toEqual(['ÜBERLASTUNG der CPU']);
      expect(await messages(s, 'übERLASTu')).toEqual(['ÜBERLASTUNG der CPU']);
    }
    if (await hasKeywordIndex(store.db, store.dialect)) expect(asked.index).toBeGreaterThanOrEqual(4);
  });

  test('rows deleted by retention and by clearing leave the index itself', async () => {
    const hasIndex = await hasKeywordIndex(store.db, store.dialect);
    const { store: indexed } = await indexStore(store.db, store.dialect);
    const scan = logStore(store.db, store.dialect, false);
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const search = async (key: string) => ids(await indexed.page({ key }, { offset: 0 }, 5000));
    /** The ids the index itself holds for a word (SQLite: the FTS5 table; PostgreSQL: the GIN index alone). */
    const inIndex = async (word: string) =>
      store.dialect === 'sqlite'
        ? (
            await sql<{
              id: number;
            }>`select rowid as id from device_logs_fts where device_logs_fts match ${`"${word}"`} order by rowid`.execute(
              store.db,
            )
          ).rows.map((r) => Number(r.id))
        : await inTransaction(store.db, async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            const found = await sql<{
              id: number;
            }>`select id from device_logs where message ilike ${`%${word}%`} order by id`.execute(trx);
            return found.rows.map((r) => Number(r.id));
          });
    const inTable = async (word: string) =>
      (
        await sql<{
          id: number;
        }>`select id from device_logs where lower(message) like ${`%${word}%`} order by id`.execute(store.db)
      ).rows.map((r) => Number(r.id));

    await logStore(store.db, store.dialect).insert([
      { ...mid, device_id: 'dev-old', message: 'an OldNeedle line', created_at: 1_700_000_000_000 - 1000 },
    ]);
    expect(await search('oldneedle')).toHaveLength(1);
    expect(await search('reconnectingnow')).toHaveLength(1);
    if (hasIndex) expect(await inIndex('oldneedle')).toHaveLength(1);

    await indexed.deleteOlderThan(1_700_000_500_000);
    expect(await search('oldneedle')).toEqual([]);
    const found = await indexed.page({ key: 'lease' }, { offset: 0 }, 5000);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.created_at >= 1_700_000_500_000)).toBe(true);
    expect(ids(found)).toEqual(ids(await scan.page({ key: 'lease' }, { offset: 0 }, 5000)));

    await indexed.reset('dev-mid');
    await indexed.reset('dev-2');
    expect(await search('reconnectingnow')).toEqual([]);
    expect(await search('überlastung')).toEqual([]);
    const left = await indexed.page({ key: 'lease' }, { offset: 0 }, 5000);
    expect(left.length).toBeGreaterThan(0);
    expect(left.some((r) => r.device_id === 'dev-2')).toBe(false);
    // The index holds exactly the rows left: a deleted row kept in it would be found here.
    if (hasIndex) {
      for (const word of ['oldneedle', 'reconnectingnow', 'lease', 'wan0'])
        expect(await inIndex(word), word).toEqual(await inTable(word));
      expect(await inIndex('lease')).not.toEqual([]);
      if (store.dialect === 'sqlite')
        // FTS5's own comparison of the index with the table it indexes (throws when they differ).
        await sql`insert into device_logs_fts(device_logs_fts, rank) values ('integrity-check', 1)`.execute(
          store.db,
        );
    }
  });
});
