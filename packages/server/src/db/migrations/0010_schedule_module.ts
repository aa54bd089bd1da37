import type { Kysely, Migration } from 'kysely';
import { notNull } from './columns.ts';

/**
 * The Schedule module on the scheduler's schedules (SPEC 3): the device group and function type a schedule
 * was made with, when it was last edited (an occurrence before an edit is not caught up), and each user's
 * 'My Calender' colour per device group (SPEC 2), dropped with the user or the group.
 */
export const scheduleModule = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('schedules').addColumn('group_id', 'integer').execute();
    await db.schema.alterTable('schedules').addColumn('function_type', 'integer').execute();
    await db.schema.alterTable('schedules').addColumn('updated_at', 'bigint').execute();
    await db.schema
      .createTable('schedule_group_colours')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('group_id', 'integer', (c) => c.notNull().references('device_groups.id').onDelete('cascade'))
      .addColumn('colour', 'text', notNull)
      .addColumn('shown', 'integer', (c) => c.notNull().defaultTo(1))
      .addPrimaryKeyConstraint('schedule_group_colours_pk', ['user_id', 'group_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('schedule_group_colours').execute();
    await db.schema.alterTable('schedules').dropColumn('updated_at').execute();
    await db.schema.alterTable('schedules').dropColumn('function_type').execute();
    await db.schema.alterTable('schedules').dropColumn('group_id').execute();
  },
});
