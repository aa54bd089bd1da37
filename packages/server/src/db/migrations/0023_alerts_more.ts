import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull } from './columns.ts';

/**
 * Issue 17, second part: read state per user (a message is unread for every user until that user reads
 * it), quiet hours and escalation on event rules (a message's escalation is due at `escalate_at` unless it
 * is acknowledged first), licence-expiry notices sent once per licence and threshold, a per-device log
 * report mode, and the key-word index of the log: FTS5 (trigram) on SQLite, pg_trgm GIN on PostgreSQL.
 * When pg_trgm cannot be created (no superuser, extension not installed) the index is left out under a
 * savepoint and the key word is matched by scanning (logs/keyword-index.ts says which at start).
 */
export const alertsMore = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert_message_reads')
      .addColumn('message_id', 'integer', (c) =>
        c.notNull().references('alert_messages.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('read_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('alert_message_reads_pk', ['message_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('alert_message_reads_by_user')
      .on('alert_message_reads')
      .columns(['user_id', 'message_id'])
      .execute();
    // Messages read before reads were kept per user stay read for the users there were then.
    await sql`insert into alert_message_reads (message_id, user_id, read_at)
      select m.id, u.id, m.last_at from alert_messages m cross join users u where m.read = 1`.execute(db);

    await db.schema
      .alterTable('event_rules')
      .addColumn('quiet_from', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('event_rules')
      .addColumn('quiet_to', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('event_rules')
      .addColumn('escalate_minutes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('event_rules').addColumn('escalate_contact_id', 'integer').execute();
    await db.schema.alterTable('alert_messages').addColumn('escalate_at', 'bigint').execute();
    await db.schema
      .createIndex('alert_messages_escalation')
      .on('alert_messages')
      .columns(['escalate_at'])
      .execute();

    await db.schema
      .createTable('license_expiry_notices')
      .addColumn('license_id', 'text', notNull)
      .addColumn('threshold_days', 'integer', notNull)
      .addColumn('notified_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('license_expiry_notices_pk', ['license_id', 'threshold_days'])
      .execute();

    await db.schema
      .createTable('device_log_modes')
      .addColumn('device_id', 'text', (c) => c.primaryKey())
      .addColumn('mode', 'text', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    if (dialect === 'sqlite') {
      await sql`create virtual table device_logs_fts using fts5(message, content='device_logs', content_rowid='id', tokenize='trigram')`.execute(
        db,
      );
      await sql`create trigger device_logs_fts_in after insert on device_logs begin
        insert into device_logs_fts(rowid, message) values (new.id, new.message); end`.execute(db);
      await sql`create trigger device_logs_fts_out after delete on device_logs begin
        insert into device_logs_fts(device_logs_fts, rowid, message) values ('delete', old.id, old.message); end`.execute(
        db,
      );
      await sql`insert into device_logs_fts(device_logs_fts) values ('rebuild')`.execute(db);
    } else {
      await sql`savepoint trgm`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index device_logs_message_trgm on device_logs using gin (message gin_trgm_ops)`.execute(
          db,
        );
        await sql`release savepoint trgm`.execute(db);
      } catch {
        await sql`rollback to savepoint trgm`.execute(db);
      }
    }
  },
  async down(db: Kysely<unknown>) {
    if (dialect === 'sqlite') {
      await sql`drop trigger if exists device_logs_fts_in`.execute(db);
      await sql`drop trigger if exists device_logs_fts_out`.execute(db);
      await sql`drop table if exists device_logs_fts`.execute(db);
    } else await sql`drop index if exists device_logs_message_trgm`.execute(db);
    for (const table of ['device_log_modes', 'license_expiry_notices', 'alert_message_reads'])
      await db.schema.dropTable(table).execute();
    await db.schema.dropIndex('alert_messages_escalation').execute();
    await db.schema.alterTable('alert_messages').dropColumn('escalate_at').execute();
    for (const column of ['quiet_from', 'quiet_to', 'escalate_minutes', 'escalate_contact_id'])
      await db.schema.alterTable('event_rules').dropColumn(column).execute();
  },
});
