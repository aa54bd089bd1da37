import type { Kysely, Migration } from 'kysely';
import { notNull } from './columns.ts';

/**
 * The notification list (SPEC 2/3), per user: what the browser names an entry is its id within that
 * user's list. Dropped with the user.
 */
export const notifications = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notifications')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('id', 'text', notNull)
      .addColumn('level', 'text', notNull)
      .addColumn('type', 'text', notNull)
      .addColumn('value', 'text', notNull)
      .addColumn('progress', 'integer', notNull)
      .addColumn('date', 'bigint', notNull)
      .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('notifications_pk', ['user_id', 'id'])
      .execute();
    // The list is read newest first, per user.
    await db.schema
      .createIndex('notifications_user_date')
      .on('notifications')
      .columns(['user_id', 'date'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('notifications').execute();
  },
});
