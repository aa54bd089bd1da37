import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

export const foundation = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('roles'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('permissions', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await withId(db.schema.createTable('users'), dialect)
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', notNull)
      .addColumn('password_hash', 'text', notNull)
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
      .addColumn('type', 'text', notNull)
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('company_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('csrf_token', 'text', notNull)
      .addColumn('ip', 'text', notNull)
      .addColumn('user_agent', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('last_seen_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await db.schema
      .createTable('login_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', notNull)
      .addColumn('window_start', 'bigint', notNull)
      .execute();
    await withId(db.schema.createTable('activity'), dialect)
      .addColumn('user_id', 'integer')
      .addColumn('user_name', 'text', notNull)
      .addColumn('action', 'text', notNull)
      .addColumn('target', 'text', notNull)
      .addColumn('ip', 'text', notNull)
      .addColumn('status_code', 'integer', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await db.schema.createIndex('activity_created').on('activity').column('created_at').execute();
    void sql;
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['activity', 'login_failures', 'sessions', 'users', 'roles'])
      await db.schema.dropTable(t).execute();
  },
});
