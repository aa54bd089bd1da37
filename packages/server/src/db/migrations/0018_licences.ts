import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * Issue 23: uploaded licences (the signed file kept as uploaded, its checked payload, the operator's
 * priority), the container seats deployments take from them, each user's quick-start guide choice, and
 * Auth Connect accounts with the devices and groups they are pushed to.
 */
export const licences = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('licenses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', notNull)
      .addColumn('file', 'text', notNull)
      .addColumn('payload', 'text', notNull)
      .addColumn('priority', 'integer', notNull)
      .addColumn('uploaded_at', 'bigint', notNull)
      .addColumn('uploaded_by', 'text', notNull)
      .execute();
    await db.schema
      .createTable('license_container_seats')
      .addColumn('application_name', 'text', notNull)
      .addColumn('device_id', 'text', notNull)
      .addColumn('claimed_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('license_container_seats_pk', ['application_name', 'device_id'])
      .execute();
    await db.schema
      .createTable('user_guide')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('dismissed_at', 'bigint', notNull)
      .execute();
    await withId(db.schema.createTable('auth_connect_accounts'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('sealed_password', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('auth_connect_targets')
      .addColumn('account_id', 'integer', (c) =>
        c.notNull().references('auth_connect_accounts.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', notNull)
      .addColumn('target', 'text', notNull)
      .addPrimaryKeyConstraint('auth_connect_targets_pk', ['account_id', 'kind', 'target'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'auth_connect_targets',
      'auth_connect_accounts',
      'user_guide',
      'license_container_seats',
      'licenses',
    ])
      await db.schema.dropTable(table).execute();
  },
});
