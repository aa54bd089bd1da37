import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/** Accounts, roles and security: settings by key, ACL entries, access tokens, WebAuthn keys, stored images. */
export const security = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('last_used_at', 'bigint').execute();
    await db.schema
      .createTable('console_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await withId(db.schema.createTable('acl_entries'), dialect)
      .addColumn('list', 'text', notNull)
      .addColumn('ip_address', 'text', notNull)
      .addColumn('description', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addUniqueConstraint('acl_entries_list_ip', ['list', 'ip_address'])
      .execute();
    await withId(db.schema.createTable('access_tokens'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', notNull)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('scopes', 'text', notNull)
      .addColumn('end_date', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('access_tokens_user').on('access_tokens').column('user_id').execute();
    await db.schema
      .createTable('webauthn_credentials')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', notNull)
      .addColumn('public_key', 'text', notNull)
      .addColumn('counter', 'bigint', notNull)
      .addColumn('transports', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('last_used_at', 'bigint')
      .addUniqueConstraint('webauthn_credentials_user_name', ['user_id', 'name'])
      .execute();
    await db.schema
      .createTable('webauthn_challenges')
      .addColumn('challenge', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', notNull)
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'bigint', notNull)
      .execute();
    await db.schema
      .createTable('stored_files')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('content_type', 'text', notNull)
      .addColumn('data', 'text', notNull)
      .addColumn('size', 'integer', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'stored_files',
      'webauthn_challenges',
      'webauthn_credentials',
      'access_tokens',
      'acl_entries',
      'console_settings',
    ]) {
      await db.schema.dropTable(t).execute();
    }
    await db.schema.alterTable('users').dropColumn('last_used_at').execute();
  },
});
