/**
 * The log store's SQL (device_logs, log_programs): batched inserts, newest-first pages and streams by
 * keyset, and deletes in small batches so retention and clearing never hold the table for long.
 */
import { sql, type Insertable } from 'kysely';
import type { LogFilter } from '@edge/protocol';
import type { Db, DeviceLogsTable, Dialect } from '../db/schema.ts';
import { inChunks } from '../lib/chunks.ts';
import { inTransaction } from '../db/transaction.ts';
import { after, applyFilter, type LogCursor } from './filter.ts';
import { ALL_DEVICES } from './program-book.ts';
import { holds, indexAnswers, indexedCandidates, trigrams } from './keyword-index.ts';

/** Rows per multi-row INSERT (7 columns: far under both databases' parameter limits). */
const INSERT_CHUNK = 256;
/**
 * Rows per transaction of an insert: one commit for eight statements instead of eight, and on SQLite one
 * segment of the key-word index (FTS5 writes one per transaction and merges them later). Committed
 * statement by statement, the bench's pre-fill wrote 3,800 rows/s on the loaded machine; the group is
 * small enough that a reader waits behind it for milliseconds.
 */
const INSERT_GROUP = INSERT_CHUNK * 8;
/**
 * Rows per DELETE. SQLite holds its one write lock for the statement: 2,000 rows (five index entries each)
 * held it up to 700 ms on the loaded bench machine, so a quarter of that; PostgreSQL locks only the rows.
 */
export const DELETE_BATCH = { sqlite: 500, postgres: 2000 } as const;
/**
 * Rows read per step of a key-word page (matched in the console, in order): from a few pages' worth, doubling
 * up to KEY_CHUNK_MAX, so a common word costs one small read and a rare one few round trips.
 */
const KEY_CHUNK_MAX = 8000;
/**
 * With the key-word index: rows read in order before the density of the word is judged (the first three
 * windows of a page of 10 with its look-ahead), and the most rows read on in order rather than asking the
 * index. Matched by the database, a row read in order costs about what a match found through the index
 * does, so the index is asked when the word is rarer than about one row in 250.
 */
export const KEY_SCAN = { first: 1400, more: 12_000 };
/** Rows per read of a stream (export, download). */
const STREAM_BATCH = 1000;

export type LogLine = Insertable<DeviceLogsTable>;

/**
 * Writes log lines in multi-row INSERTs, a group of them per transaction (the key-word index's triggers
 * run in the same statements). The one write path of device_logs: devices' lines, the console's own.
 */
export const insertLogLines = (db: Db, rows: LogLine[]) =>
  inChunks(rows, INSERT_GROUP, (group) =>
    group.length <= INSERT_CHUNK
      ? db.insertInto('device_logs').values(group).execute()
      : inTransaction(db, (trx) =>
          inChunks(group, INSERT_CHUNK, (chunk) => trx.insertInto('device_logs').values(chunk).execute()),
        ),
  );

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `indexed`: the key-word index of 0023 is there (hasKeywordIndex); without it key words are scanned.
 * `keyScan`: when a key-word page turns to the index (page), KEY_SCAN but in tests of small tables.
 */
export function logStore(db: Db, dialect: Dialect, indexed = false, keyScan = KEY_SCAN) {
  const select = () =>
    db.selectFrom('device_logs').select(['id', 'device_id', 'level', 'program', 'message', 'created_at']);

  /** Deletes the rows a filter picks, batch by batch, each its own short statement. */
  async function deleteInBatches(
    pick: (batch: number) => Promise<number>,
    onBatch?: (deleted: number, ms: number) => void,
  ): Promise<number> {
    let total = 0;
    for (;;) {
      const started = performance.now();
      const n = await pick(DELETE_BATCH[dialect]);
      onBatch?.(n, performance.now() - started);
      total += n;
      if (n < DELETE_BATCH[dialect]) return total;
      await turn();
    }
  }

  /**
   * Newest first, after the cursor (or skipping `offset` rows), at most `limit`. A key word is matched two
   * ways, whichever reads less:
   * - in order: the rows the other filters pick are read newest first, a window at a time, and matched by
   *   the database (only matches reach the console: a row brought here costs ten times a row matched
   *   there), so a page of a common word (every twelfth line) stops after a few hundred rows. Asking the
   *   index for such a word costs every match: at 5 million rows 400,000 ids from FTS5 to sort, seconds;
   * - through the key-word index (keyword-index.ts) once the first keyScan.first rows read in order
   *   show the word is too rare to fill the page within keyScan.more more rows: the index gives the rows
   *   after the last one read that hold the word's rarest trigrams, in order, kept when they hold the word.
   * Without the index (or for a key word too short for it) the scan goes on to the end.
   */
  async function page(
    filter: Partial<LogFilter>,
    at: { cursor?: LogCursor; offset: number },
    limit: number,
  ): Promise<StoredLogRow[]> {
    const { key: typed, ...others } = filter;
    const key = typed?.trim().toLowerCase();
    const ordered = (cursor: LogCursor | undefined) =>
      after(applyFilter(select(), others), cursor).orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (!key)
      return ordered(at.cursor)
        .limit(limit)
        .offset(at.cursor ? 0 : at.offset)
        .execute();
    const useIndex = indexAnswers(indexed, key);
    const want = limit + (at.cursor ? 0 : at.offset);
    const found: StoredLogRow[] = [];
    let cursor = at.cursor;
    let read = 0;
    for (let size = Math.min(KEY_CHUNK_MAX, want * 4); ; size = Math.min(KEY_CHUNK_MAX, size * 2)) {
      // The matches among the next `size` rows, matched by the database (a row read here costs ten times
      // more than there), then where those rows end.
      const matches = await db
        .selectFrom(ordered(cursor).limit(size).as('scanned'))
        .selectAll()
        .where(holds(dialect, key))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(want - found.length)
        .execute();
      found.push(...matches);
      if (found.length >= want) return found.slice(want - limit, want);
      const end = await ordered(cursor)
        .clearSelect()
        .select(['created_at', 'id'])
        .offset(size - 1)
        .limit(1)
        .executeTakeFirst();
      if (!end) return found.slice(want - limit, want);
      cursor = { createdAt: end.created_at, id: end.id };
      read += size;
      if (useIndex && read >= keyScan.first) {
        // Rows still to read at the density seen so far.
        const more = found.length ? ((want - found.length) * read) / found.length : Infinity;
        if (more > keyScan.more) break;
      }
      await turn();
    }
    // The index's candidates after the last row read, in order, kept when they hold the key word.
    const candidates = indexedCandidates(dialect, key, await trigramCounts(at.cursor, key));
    for (let size = (want - found.length) * 2; ; size *= 2) {
      const chunk: StoredLogRow[] = await ordered(cursor).where(candidates).limit(size).execute();
      for (const row of chunk) if (row.message.toLowerCase().includes(key)) found.push(row);
      if (found.length >= want || chunk.length < size) return found.slice(want - limit, want);
      const last = chunk[chunk.length - 1]!;
      cursor = { createdAt: last.created_at, id: last.id };
    }

    /** How many of the first rows the page read hold each trigram of the key word (lower case, roughly). */
    async function trigramCounts(from: LogCursor | undefined, word: string) {
      const list = trigrams(word);
      const position = (t: string) =>
        dialect === 'sqlite' ? sql<number>`instr(m, ${t})` : sql<number>`strpos(m, ${t})`;
      const row = await db
        .selectFrom(
          ordered(from)
            .clearSelect()
            .select(sql<string>`lower(message)`.as('m'))
            .limit(keyScan.first)
            .as('scanned'),
        )
        .select((eb) => [
          eb.fn.countAll<number>().as('rows'),
          ...list.map((t, i) => sql<number>`sum(case when ${position(t)} > 0 then 1 else 0 end)`.as(`t${i}`)),
        ])
        .executeTakeFirstOrThrow();
      const counts = row as Record<string, number | string | null>;
      return {
        rows: Number(counts.rows),
        of: new Map(list.map((t, i) => [t, Number(counts[`t${i}`] ?? 0)])),
      };
    }
  }

  return {
    insert: (rows: LogLine[]) => insertLogLines(db, rows),

    page,

    /** Every row the filter picks, newest first, read in batches (memory stays one batch) as pages are. */
    async *stream(filter: Partial<LogFilter>, max: number) {
      let cursor: LogCursor | undefined;
      let left = max;
      while (left > 0) {
        const rows = await page(filter, { cursor, offset: 0 }, Math.min(STREAM_BATCH, left));
        if (rows.length === 0) return;
        yield rows;
        left -= rows.length;
        const last = rows[rows.length - 1]!;
        cursor = { createdAt: last.created_at, id: last.id };
      }
    },

    /** One device's programs, or every device's (noted under ALL_DEVICES): a key range of the primary key. */
    programs: async (deviceId?: string) =>
      (
        await db
          .selectFrom('log_programs')
          .select('program')
          .where('device_id', '=', deviceId || ALL_DEVICES)
          .orderBy('program')
          .execute()
      ).map((r) => r.program),

    knownPrograms: () => db.selectFrom('log_programs').select(['device_id', 'program']).execute(),

    notePrograms: (pairs: { device_id: string; program: string; last_seen_at: number }[]) =>
      inChunks(pairs, 128, (chunk) =>
        db
          .insertInto('log_programs')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['device_id', 'program']).doUpdateSet((eb) => ({
              last_seen_at: eb.ref('excluded.last_seen_at'),
            })),
          )
          .execute(),
      ),

    /**
     * Retention: rows older than `before`, oldest first, in batches; returns how many went. `onBatch` hears
     * each batch's size and duration (the benchmark: how long the table was held at most).
     */
    deleteOlderThan: (before: number, onBatch?: (deleted: number, ms: number) => void) =>
      deleteInBatches(async (batch) => {
        const result = await db
          .deleteFrom('device_logs')
          .where(
            'id',
            'in',
            db
              .selectFrom('device_logs')
              .select('id')
              .where('created_at', '<', before)
              .orderBy('created_at')
              .limit(batch),
          )
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }, onBatch),

    /** Clear: every row (of one device), in batches, and the programs it leaves behind. */
    async reset(deviceId?: string): Promise<number> {
      const deleted = await deleteInBatches(async (batch) => {
        let pick = db.selectFrom('device_logs').select('id').limit(batch);
        if (deviceId) pick = pick.where('device_id', '=', deviceId);
        const result = await db.deleteFrom('device_logs').where('id', 'in', pick).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
      let programs = db.deleteFrom('log_programs');
      if (deviceId) programs = programs.where('device_id', '=', deviceId);
      await programs.execute();
      return deleted;
    },

    /** Programs no retained line has come from since `before`. */
    forgetProgramsBefore: (before: number) =>
      db.deleteFrom('log_programs').where('last_seen_at', '<', before).execute(),
  };
}

export type LogStore = ReturnType<typeof logStore>;
export interface StoredLogRow {
  id: number;
  device_id: string;
  level: string;
  program: string;
  message: string;
  created_at: number;
}
