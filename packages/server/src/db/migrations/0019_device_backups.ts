import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull } from './columns.ts';

/**
 * Issue 22: the device backups the Backup app lists. The files themselves are kept encrypted in
 * DATA_DIR/device-backups (backup/store.ts); a row names one, for the device it may be restored on.
 */
export const deviceBackups = (_dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_backups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('device_id', 'text', notNull)
      .addColumn('source_device_id', 'text', notNull)
      .addColumn('model', 'text', notNull)
      .addColumn('file_name', 'text', notNull)
      .addColumn('size', 'bigint', notNull)
      .addColumn('sha256', 'text', notNull)
      .addColumn('taken_at', 'bigint', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('origin', 'text', notNull)
      .addColumn('created_by', 'text', notNull)
      .addColumn('has_archive', 'integer', notNull)
      .execute();
    await db.schema
      .createIndex('device_backups_device')
      .on('device_backups')
      .columns(['device_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('device_backups').execute();
  },
});
