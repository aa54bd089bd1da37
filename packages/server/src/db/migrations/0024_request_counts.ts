import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull } from './columns.ts';

/**
 * Requests counted per key (an anonymous source) and fixed window in the database, so that every console
 * replica on one database limits a source as one (issue 13). Rows of past windows are deleted as the
 * windows pass (http/request-counts.ts), so the table holds about one row per active source. On PostgreSQL
 * the table is unlogged: counters of the current minute need no crash safety, and a write that waits for
 * the WAL to reach the disk made each anonymous request several milliseconds slower.
 */
export const requestCounts = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('request_counts')
      .$call((t) => (dialect === 'postgres' ? t.modifyFront(sql`unlogged`) : t))
      .addColumn('key', 'text', notNull)
      .addColumn('window_start', 'bigint', notNull)
      .addColumn('count', 'integer', notNull)
      .addPrimaryKeyConstraint('request_counts_pk', ['key', 'window_start'])
      .execute();
    // The sweep of past windows finds them by start alone.
    await db.schema
      .createIndex('request_counts_by_window')
      .on('request_counts')
      .column('window_start')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('request_counts').execute();
  },
});
