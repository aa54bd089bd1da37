/**
 * The log store's SQL (device_logs, log_programs): batched inserts, newest-first pages and streams by
 * keyset, and deletes in small batches so retention and clearing never hold the table for long.
 */
import type { Insertable } from 'kysely';
import type { LogFilter } from '@edge/protocol';
import type { Db, DeviceLogsTable, Dialect } from '../db/schema.ts';
import { inChunks } from '../lib/chunks.ts';
import { after, applyFilter, type LogCursor } from './filter.ts';
import { ALL_DEVICES } from './program-book.ts';
import { indexAnswers } from './keyword-index.ts';

/** Rows per multi-row INSERT (7 columns: far under both databases' parameter limits). */
const INSERT_CHUNK = 256;
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
/** Rows per read of a stream (export, download). */
const STREAM_BATCH = 1000;

export type LogLine = Insertable<DeviceLogsTable>;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `indexed`: the key-word index of 0023 is there (hasKeywordIndex); without it key words are scanned. */
export function logStore(db: Db, dialect: Dialect, indexed = false) {
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

  return {
    insert: (rows: LogLine[]) =>
      inChunks(rows, INSERT_CHUNK, (chunk) => db.insertInto('device_logs').values(chunk).execute()),

    /**
     * Newest first, after the cursor (or skipping `offset` rows), at most `limit`. With a key word the rows
     * the other filters pick are read in order, a chunk at a time, and matched here: PostgreSQL estimates a
     * `%word%` match at one row, so it read every row of the other filters and sorted them (EXPLAIN: 12,000
     * error lines for a page of level Error + key word, 138 ms at 400,000 rows, growing with the table);
     * read in order, a page stops as soon as it is full. With the key-word index (and a key word it answers)
     * the index finds the rows instead: one query.
     */
    async page(filter: Partial<LogFilter>, at: { cursor?: LogCursor; offset: number }, limit: number) {
      const key = filter.key?.trim().toLowerCase();
      if (!key || indexAnswers(indexed, key))
        return after(applyFilter(select(), filter, dialect, indexed), at.cursor)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(at.cursor ? 0 : at.offset)
          .execute();
      const others = { ...filter, key: undefined };
      const want = limit + (at.cursor ? 0 : at.offset);
      const found: StoredLogRow[] = [];
      let cursor = at.cursor;
      for (let size = Math.min(KEY_CHUNK_MAX, want * 4); ; size = Math.min(KEY_CHUNK_MAX, size * 2)) {
        const chunk = await after(applyFilter(select(), others, dialect), cursor)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(size)
          .execute();
        for (const row of chunk) if (row.message.toLowerCase().includes(key)) found.push(row);
        if (found.length >= want || chunk.length < size) break;
        const last = chunk[chunk.length - 1]!;
        cursor = { createdAt: last.created_at, id: last.id };
        await turn();
      }
      return found.slice(want - limit, want);
    },

    /** Every row the filter picks, newest first, read in batches (memory stays one batch). */
    async *stream(filter: Partial<LogFilter>, max: number) {
      let cursor: LogCursor | undefined;
      let left = max;
      while (left > 0) {
        const rows = await after(applyFilter(select(), filter, dialect, indexed), cursor)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(Math.min(STREAM_BATCH, left))
          .execute();
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
