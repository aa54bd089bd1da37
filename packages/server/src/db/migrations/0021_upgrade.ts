import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * Issue 22, software upgrade: the console's upgrade settings and what its last check found; device images
 * (signed agent or firmware builds, kept in the database so every replica serves them), the one-time
 * download tokens devices fetch them with, and the version each device last reported.
 */
export const upgrade = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upgrade_settings')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('settings', 'text', notNull)
      .addColumn('feed_file', 'text')
      .addColumn('last_checked_at', 'bigint')
      .addColumn('last_check_error', 'text')
      .addColumn('available', 'text')
      .addColumn('staged', 'text')
      .execute();
    await withId(db.schema.createTable('device_images'), dialect)
      .addColumn('kind', 'text', notNull)
      .addColumn('model', 'text', notNull)
      .addColumn('version', 'text', notNull)
      .addColumn('size', 'bigint', notNull)
      .addColumn('sha256', 'text', (c) => c.notNull().unique())
      .addColumn('data', 'text', notNull)
      .addColumn('uploaded_at', 'bigint', notNull)
      .addColumn('uploaded_by', 'text', notNull)
      .execute();
    await db.schema
      .createTable('device_image_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('image_id', 'integer', (c) => c.notNull().references('device_images.id').onDelete('cascade'))
      .addColumn('device_id', 'text', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('device_versions')
      .addColumn('device_id', 'text', (c) => c.primaryKey())
      .addColumn('agent_version', 'text')
      .addColumn('firmware', 'text', notNull)
      .addColumn('state', 'text')
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['device_versions', 'device_image_tokens', 'device_images', 'upgrade_settings'])
      await db.schema.dropTable(table).ifExists().execute();
  },
});
