import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * The Application module (issue 20): container registries (credentials sealed with the console's key)
 * and container templates (SPEC 3), which the app store lists and deploys are made from. A registry still
 * named by a template is not deleted (the service refuses; the foreign key keeps it so).
 */
export const application = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('app_registries'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('insecure', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('server_address', 'text', notNull)
      .addColumn('username', 'text', notNull)
      .addColumn('password_sealed', 'text')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await withId(db.schema.createTable('app_templates'), dialect)
      .addColumn('app_name', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text', notNull)
      .addColumn('registry_id', 'integer', (c) => c.references('app_registries.id'))
      .addColumn('image_name', 'text', notNull)
      .addColumn('tag', 'text', notNull)
      .addColumn('network', 'text')
      .addColumn('resource', 'text', notNull)
      .addColumn('env', 'text', notNull)
      .addColumn('ports', 'text', notNull)
      .addColumn('volumes', 'text', notNull)
      .addColumn('icon', 'text', notNull)
      .addColumn('category', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_templates').execute();
    await db.schema.dropTable('app_registries').execute();
  },
});
