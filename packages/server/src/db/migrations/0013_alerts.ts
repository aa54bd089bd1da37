import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * Event rules and their messages, To-do cards and tasks, Notification contacts, the notify list and the
 * delivery queue (issue 17). One delivery per message and contact (unique), claimed by lease before sending.
 */
export const alerts = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('event_rules'), dialect)
      .addColumn('name', 'text', notNull)
      .addColumn('description', 'text', notNull)
      .addColumn('events', 'text', notNull)
      .addColumn('all_devices', 'integer', notNull)
      .addColumn('device_ids', 'text', notNull)
      .addColumn('group_ids', 'text', notNull)
      .addColumn('severity', 'text', notNull)
      .addColumn('hold_off_minutes', 'integer', notNull)
      .addColumn('enabled', 'integer', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await withId(db.schema.createTable('alert_messages'), dialect)
      .addColumn('rule_id', 'integer', (c) => c.references('event_rules.id').onDelete('set null'))
      .addColumn('rule_name', 'text', notNull)
      .addColumn('event', 'text', notNull)
      .addColumn('severity', 'text', notNull)
      .addColumn('device_id', 'text')
      .addColumn('device_name', 'text', notNull)
      .addColumn('job_id', 'integer')
      .addColumn('detail', 'text', notNull)
      .addColumn('dedupe_key', 'text', notNull)
      .addColumn('count', 'integer', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('last_at', 'bigint', notNull)
      .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('alert_messages_by_key')
      .on('alert_messages')
      .columns(['dedupe_key', 'last_at'])
      .execute();
    await db.schema
      .createIndex('alert_messages_by_time')
      .on('alert_messages')
      .columns(['created_at'])
      .execute();
    await db.schema
      .createIndex('alert_messages_unread')
      .on('alert_messages')
      .columns(['read', 'severity'])
      .execute();
    await withId(db.schema.createTable('todos'), dialect)
      .addColumn('title', 'text', notNull)
      .addColumn('description', 'text', notNull)
      .addColumn('message_id', 'integer', (c) => c.references('alert_messages.id').onDelete('set null'))
      .addColumn('device_id', 'text')
      .addColumn('job_id', 'integer')
      .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by_name', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('completed_at', 'bigint')
      .execute();
    await withId(db.schema.createTable('todo_tasks'), dialect)
      .addColumn('todo_id', 'integer', (c) => c.notNull().references('todos.id').onDelete('cascade'))
      .addColumn('title', 'text', notNull)
      .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('todo_tasks_by_todo').on('todo_tasks').columns(['todo_id']).execute();
    await withId(db.schema.createTable('notify_contacts'), dialect)
      .addColumn('channel', 'text', notNull)
      .addColumn('config_name', 'text', notNull)
      .addColumn('settings', 'text', notNull)
      .addColumn('sealed', 'text', notNull)
      .addColumn('paused_until', 'bigint')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await withId(db.schema.createTable('notify_links'), dialect)
      .addColumn('rule_id', 'integer', (c) => c.notNull().references('event_rules.id').onDelete('cascade'))
      .addColumn('contact_id', 'integer', (c) =>
        c.notNull().references('notify_contacts.id').onDelete('cascade'),
      )
      .addUniqueConstraint('notify_links_once', ['rule_id', 'contact_id'])
      .execute();
    await withId(db.schema.createTable('notify_deliveries'), dialect)
      .addColumn('message_id', 'integer', (c) =>
        c.notNull().references('alert_messages.id').onDelete('cascade'),
      )
      .addColumn('contact_id', 'integer', (c) =>
        c.notNull().references('notify_contacts.id').onDelete('cascade'),
      )
      .addColumn('state', 'text', notNull)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', 'bigint')
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('sent_to', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('last_status', 'integer')
      .addColumn('last_answer', 'text')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('delivered_at', 'bigint')
      .addUniqueConstraint('notify_deliveries_once', ['message_id', 'contact_id'])
      .execute();
    await db.schema
      .createIndex('notify_deliveries_due')
      .on('notify_deliveries')
      .columns(['state', 'next_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'notify_deliveries',
      'notify_links',
      'notify_contacts',
      'todo_tasks',
      'todos',
      'alert_messages',
      'event_rules',
    ])
      await db.schema.dropTable(table).execute();
  },
});
