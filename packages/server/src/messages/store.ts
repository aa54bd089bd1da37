/**
 * Messages: raised with de-duplication inside the hold-off window, listed with filters, read and unread per
 * user (alert_message_reads: a message is unread for a user until that user reads it; a repeat makes it
 * unread for everyone again).
 */
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { AlertMessageView, MessageListQuery, RuleEvent, Severity } from '@edge/protocol';
import type { Database, Db } from '../db/schema.ts';
import type { AlertMessagesTable } from '../db/schema-alerts.ts';
import { inTransaction } from '../db/transaction.ts';

/** `read`: read by the user asking (or, without one, by anyone: acknowledged). */
export const messageOf = (m: Selectable<AlertMessagesTable>): AlertMessageView => ({
  id: m.id,
  ruleId: m.rule_id,
  ruleName: m.rule_name,
  event: m.event as RuleEvent,
  severity: m.severity as Severity,
  deviceId: m.device_id,
  deviceName: m.device_name,
  jobId: m.job_id,
  detail: m.detail,
  count: m.count,
  createdAt: Number(m.created_at),
  lastAt: Number(m.last_at),
  read: m.read === 1,
});

export interface Raise {
  ruleId: number;
  ruleName: string;
  event: RuleEvent;
  severity: Severity;
  deviceId: string | null;
  deviceName: string;
  jobId: number | null;
  detail: string;
  /** What makes two raises the same message: rule, event and device (or job, alarm code, section). */
  dedupeKey: string;
  holdOffMs: number;
  at: number;
  /** A critical message escalates this long after it is made unless acknowledged first (0: never). */
  escalateMs?: number;
  /** The rule's quiet hours (HH:MM, console time zone), for the deliveries queued with the message. */
  quiet?: { from: string; to: string };
}

/**
 * More written with a new message in its transaction (its notification deliveries): a message is never
 * stored without it, nor it without the message.
 */
export type FreshHook = (trx: Db, message: AlertMessageView, raise: Raise) => Promise<void>;

/** Whether the user read the message (a correlated EXISTS on alert_message_reads' primary key). */
const readBy = (userId: number) => (eb: ExpressionBuilder<Database, 'alert_messages'>) =>
  eb.exists(
    eb
      .selectFrom('alert_message_reads as r')
      .select('r.user_id')
      .whereRef('r.message_id', '=', 'alert_messages.id')
      .where('r.user_id', '=', userId),
  );

/** Escapes LIKE wildcards so a keyword is matched as typed. */
const likeOf = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function messageStore(db: Db, fresh: Iterable<FreshHook> = []) {
  /** Rows with `read` as the user sees it. */
  const seenBy = (userId: number) =>
    db
      .selectFrom('alert_messages')
      .selectAll()
      .select((eb) => readBy(userId)(eb).as('read_by_me'));
  const asSeen = (row: Selectable<AlertMessagesTable> & { read_by_me: unknown }): AlertMessageView => ({
    ...messageOf(row),
    read: Boolean(Number(row.read_by_me)),
  });
  async function unread(ids: number[]): Promise<void> {
    await db.deleteFrom('alert_message_reads').where('message_id', 'in', ids).execute();
  }
  return {
    /**
     * One message per key while the event keeps coming within the hold-off window after its last
     * occurrence: a repeat counts up (and the message is unread again) instead of making another.
     * `fresh` says whether a new message was made (only those are notified).
     */
    raise(r: Raise): Promise<{ message: AlertMessageView; fresh: boolean }> {
      return inTransaction(db, async (trx) => {
        const open = await trx
          .selectFrom('alert_messages')
          .selectAll()
          .where('dedupe_key', '=', r.dedupeKey)
          .where('last_at', '>=', r.at - r.holdOffMs)
          .orderBy('last_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (open) {
          await trx
            .updateTable('alert_messages')
            .set({ count: open.count + 1, last_at: r.at, read: 0 })
            .where('id', '=', open.id)
            .execute();
          await trx.deleteFrom('alert_message_reads').where('message_id', '=', open.id).execute();
          return {
            message: messageOf({ ...open, count: open.count + 1, last_at: r.at, read: 0 }),
            fresh: false,
          };
        }
        const row = await trx
          .insertInto('alert_messages')
          .values({
            rule_id: r.ruleId,
            rule_name: r.ruleName,
            event: r.event,
            severity: r.severity,
            device_id: r.deviceId,
            device_name: r.deviceName,
            job_id: r.jobId,
            detail: r.detail,
            dedupe_key: r.dedupeKey,
            count: 1,
            created_at: r.at,
            last_at: r.at,
            escalate_at: r.severity === 'critical' && r.escalateMs ? r.at + r.escalateMs : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const message = messageOf(row);
        for (const hook of fresh) await hook(trx, message, r);
        return { message, fresh: true };
      });
    },

    /** Counts `n` more occurrences on a message; undefined when it is gone. */
    async countUp(id: number, n: number, at: number): Promise<AlertMessageView | undefined> {
      const row = await db
        .updateTable('alert_messages')
        .set((eb) => ({ count: eb('count', '+', n), last_at: at, read: 0 }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (row) await unread([id]);
      return row && messageOf(row);
    },

    async list(q: MessageListQuery, userId: number): Promise<{ list: AlertMessageView[]; total: number }> {
      let query = db.selectFrom('alert_messages');
      if (q.severity) query = query.where('severity', '=', q.severity);
      if (q.read)
        query = query.where((eb) => (q.read === 'read' ? readBy(userId)(eb) : eb.not(readBy(userId)(eb))));
      if (q.startDate !== undefined) query = query.where('last_at', '>=', q.startDate);
      if (q.endDate !== undefined) query = query.where('created_at', '<=', q.endDate);
      const key = q.key.trim();
      if (key) {
        const like = likeOf(key);
        query = query.where((eb) =>
          eb.or(
            ['rule_name', 'device_name', 'detail', 'event'].map(
              (column) => sql<boolean>`lower(${sql.ref(column)}) like lower(${like}) escape '\\'`,
            ),
          ),
        );
      }
      const { total } = await query
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .select((eb) => readBy(userId)(eb).as('read_by_me'))
        .orderBy('last_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return { list: rows.map(asSeen), total: Number(total) };
    },

    /** The message as the user sees it; without a user, `read` says whether anyone read it. */
    async get(id: number, userId?: number): Promise<AlertMessageView | undefined> {
      if (userId !== undefined) {
        const row = await seenBy(userId).where('id', '=', id).executeTakeFirst();
        return row && asSeen(row);
      }
      const row = await db.selectFrom('alert_messages').selectAll().where('id', '=', id).executeTakeFirst();
      return row && messageOf(row);
    },

    /** Read or unread for this user; `read` on the message says whether anyone still has it read. */
    async markRead(ids: number[], read: boolean, userId: number, now = Date.now()): Promise<void> {
      await inTransaction(db, async (trx) => {
        const known = await trx.selectFrom('alert_messages').select('id').where('id', 'in', ids).execute();
        if (read && known.length)
          await trx
            .insertInto('alert_message_reads')
            .values(known.map((m) => ({ message_id: m.id, user_id: userId, read_at: now })))
            .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
            .execute();
        if (!read)
          await trx
            .deleteFrom('alert_message_reads')
            .where('message_id', 'in', ids)
            .where('user_id', '=', userId)
            .execute();
        await trx
          .updateTable('alert_messages')
          .set((eb) => ({
            read: eb
              .case()
              .when(
                eb.exists(
                  eb
                    .selectFrom('alert_message_reads as r')
                    .select('r.user_id')
                    .whereRef('r.message_id', '=', 'alert_messages.id'),
                ),
              )
              .then(1)
              .else(0)
              .end(),
          }))
          .where('id', 'in', ids)
          .execute();
      });
    },

    /**
     * Acknowledged by someone who is not a console user (a receiver answering from a chat app): read by
     * anyone, and its escalation, if still to come, ends. False when there is no such message.
     */
    async acknowledge(id: number): Promise<boolean> {
      const done = await db
        .updateTable('alert_messages')
        .set({ read: 1, escalate_at: null })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    async unreadCritical(userId: number): Promise<number> {
      const { n } = await db
        .selectFrom('alert_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('severity', '=', 'critical')
        .where((eb) => eb.not(readBy(userId)(eb)))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** Critical messages whose escalation is due: not read by anyone and not assigned in To-do. */
    async dueEscalations(now: number, limit = 100): Promise<AlertMessageView[]> {
      const rows = await db
        .selectFrom('alert_messages')
        .selectAll()
        .where('escalate_at', '<=', now)
        .orderBy('escalate_at')
        .limit(limit)
        .execute();
      return rows.map(messageOf);
    },

    /**
     * Ends the message's escalation (once: the one who clears escalate_at is the one who escalates); true
     * when it is to be escalated now, false when another replica took it or it was acknowledged.
     */
    async takeEscalation(id: number, run: (trx: Db) => Promise<void>): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const done = await trx
          .updateTable('alert_messages')
          .set({ escalate_at: null })
          .where('id', '=', id)
          .where('escalate_at', 'is not', null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return false;
        const acknowledged = await trx
          .selectFrom('alert_messages as m')
          .select('m.id')
          .where('m.id', '=', id)
          .where((eb) =>
            eb.or([
              eb.exists(
                eb
                  .selectFrom('alert_message_reads as r')
                  .select('r.user_id')
                  .whereRef('r.message_id', '=', 'm.id'),
              ),
              eb.exists(eb.selectFrom('todos as t').select('t.id').whereRef('t.message_id', '=', 'm.id')),
            ]),
          )
          .executeTakeFirst();
        if (acknowledged) return false;
        await run(trx);
        return true;
      });
    },
  };
}
export type MessageStore = ReturnType<typeof messageStore>;
