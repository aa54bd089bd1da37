import type { Kysely, Migration } from 'kysely';
import { notNull } from './columns.ts';

/**
 * Terminal sessions (issue 19): who opened a shell on which device, when it started and ended, and its
 * recording (asciicast v2, capped) for replay. Kept when the user goes: it is audit material.
 */
export const terminal = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('terminal_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('device_id', 'text', notNull)
      .addColumn('user_id', 'integer')
      .addColumn('user_name', 'text', notNull)
      .addColumn('started_at', 'bigint', notNull)
      .addColumn('ended_at', 'bigint')
      .addColumn('end_reason', 'text')
      .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cast', 'text')
      .execute();
    // A device's sessions, newest first.
    await db.schema
      .createIndex('terminal_sessions_device')
      .on('terminal_sessions')
      .columns(['device_id', 'started_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('terminal_sessions').execute();
  },
});
