import type { Kysely, Migration } from 'kysely';
import { notNull } from './columns.ts';

/**
 * Requests counted per key (an anonymous source) and fixed window in the database, so that every console
 * replica on one database limits a source as one (issue 13). Rows of past windows are deleted as the
 * windows pass (http/request-counts.ts), so the table holds about one row per active source.
 */
export const requestCounts = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('request_counts')
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
