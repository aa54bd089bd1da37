import type { Kysely, Migration } from 'kysely';
import { notNull } from './columns.ts';

/**
 * The Log app (issue 17) over device_logs, the largest table: an index per filter the grid offers, each
 * ending in created_at so a filtered page is read newest-first from the index and stops after one page
 * (the device index of 0002 already serves the device filter); the programs each device has written, so
 * the function list is a small read instead of a DISTINCT over millions of lines.
 */
export const logs = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('device_logs_level')
      .on('device_logs')
      .columns(['level', 'created_at'])
      .execute();
    await db.schema
      .createIndex('device_logs_program')
      .on('device_logs')
      .columns(['program', 'created_at'])
      .execute();
    await db.schema
      .createIndex('device_logs_device_level')
      .on('device_logs')
      .columns(['device_id', 'level', 'created_at'])
      .execute();
    await db.schema
      .createTable('log_programs')
      .addColumn('device_id', 'text', notNull)
      .addColumn('program', 'text', notNull)
      .addColumn('last_seen_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('log_programs_pk', ['device_id', 'program'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('log_programs').execute();
    for (const name of ['device_logs_device_level', 'device_logs_program', 'device_logs_level'])
      await db.schema.dropIndex(name).execute();
  },
});
