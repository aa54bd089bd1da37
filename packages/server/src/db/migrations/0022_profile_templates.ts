import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * Profile Management (issue 16): profile templates (what a device gets when it is adopted with one), which
 * device was given which (one row per device: the claim that makes one console replica apply it, once),
 * and the pause of a job (a paused rollout claims no new steps; its deadline moves on by the pause).
 */
export const profileTemplates = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('profile_templates'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      /** JSON of the ProfileTemplate without its name. */
      .addColumn('body', 'text', notNull)
      .addColumn('updated_by', 'text', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('profile_template_devices')
      .addColumn('device_id', 'text', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
      .addColumn('template_name', 'text', notNull)
      /** JSON: section -> desired version the template's document was stored as. */
      .addColumn('versions', 'text', notNull)
      .addColumn('error', 'text')
      .addColumn('applied_at', 'bigint', notNull)
      .execute();
    await db.schema.alterTable('jobs').addColumn('paused_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('jobs').dropColumn('paused_at').execute();
    await db.schema.dropTable('profile_template_devices').execute();
    await db.schema.dropTable('profile_templates').execute();
  },
});
