import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * Profile Management (issue 16): policy profiles (a section's document under a name, with its table of
 * variable values) and what each device was last given by each profile, to show drift from it.
 */
export const policyProfiles = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('policy_profiles'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', notNull)
      .addColumn('body', 'text', notNull)
      .addColumn('variable_values', 'text', notNull)
      .addColumn('updated_by', 'text', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('profile_assignments')
      .addColumn('profile_id', 'integer', (c) =>
        c.notNull().references('policy_profiles.id').onDelete('cascade'),
      )
      .addColumn('device_id', 'text', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('job_id', 'integer')
      /** JSON of the part of the section the profile set on this device, variables filled. */
      .addColumn('doc', 'text', notNull)
      .addColumn('desired_version', 'integer', notNull)
      .addColumn('applied_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('profile_assignments_pk', ['profile_id', 'device_id'])
      .execute();
    await db.schema
      .createIndex('profile_assignments_by_device')
      .on('profile_assignments')
      .column('device_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('profile_assignments').execute();
    await db.schema.dropTable('policy_profiles').execute();
  },
});
