import type { Kysely, Migration } from 'kysely';
import { notNull } from './columns.ts';

/**
 * Device configuration, desired and reported (ARCHITECTURE): one row per device and section. Documents
 * are JSON text on both dialects; they are read and written whole, never queried inside.
 */
export const deviceConfig = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_sections')
      .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('section', 'text', notNull)
      .addColumn('desired', 'text')
      .addColumn('desired_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reported', 'text')
      .addColumn('reported_version', 'integer')
      .addColumn('reported_hash', 'text')
      .addColumn('reported_at', 'bigint')
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('in_sync'))
      .addColumn('outcome', 'text')
      .addColumn('last_error', 'text')
      .addColumn('last_error_code', 'text')
      .addColumn('confirm_by', 'bigint')
      .addColumn('updated_by', 'text')
      .addColumn('updated_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('device_sections_pk', ['device_id', 'section'])
      .execute();
    // The apply engine looks up the sections waiting for a confirmation when it starts.
    await db.schema.createIndex('device_sections_state').on('device_sections').column('state').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('device_sections').execute();
  },
});
