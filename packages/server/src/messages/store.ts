/** Messages: raised with de-duplication inside the hold-off window, listed with filters, read and unread. */
import { sql, type Selectable } from 'kysely';
import type { AlertMessageView, MessageListQuery, RuleEvent, Severity } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { AlertMessagesTable } from '../db/schema-alerts.ts';
import { inTransaction } from '../db/transaction.ts';

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
}

/** Escapes LIKE wildcards so a keyword is matched as typed. */
const likeOf = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function messageStore(db: Db) {
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
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { message: messageOf(row), fresh: true };
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
      return row && messageOf(row);
    },

    async list(q: MessageListQuery): Promise<{ list: AlertMessageView[]; total: number }> {
      let query = db.selectFrom('alert_messages');
      if (q.severity) query = query.where('severity', '=', q.severity);
      if (q.read) query = query.where('read', '=', q.read === 'read' ? 1 : 0);
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
        .orderBy('last_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return { list: rows.map(messageOf), total: Number(total) };
    },

    async get(id: number): Promise<AlertMessageView | undefined> {
      const row = await db.selectFrom('alert_messages').selectAll().where('id', '=', id).executeTakeFirst();
      return row && messageOf(row);
    },

    async markRead(ids: number[], read: boolean): Promise<void> {
      await db
        .updateTable('alert_messages')
        .set({ read: read ? 1 : 0 })
        .where('id', 'in', ids)
        .execute();
    },

    async unreadCritical(): Promise<number> {
      const { n } = await db
        .selectFrom('alert_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('read', '=', 0)
        .where('severity', '=', 'critical')
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}
export type MessageStore = ReturnType<typeof messageStore>;
