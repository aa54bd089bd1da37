/** Each user's notification list (SPEC 2/3): kept on the console, newest first, with read and unread. */
import {
  NOTIFICATIONS_KEPT,
  type NotificationCreateRequest,
  type NotificationListResponse,
  type NotificationProgressRequest,
  type StoredNotification,
} from '@edge/protocol';
import type { Selectable } from 'kysely';
import type { Db, NotificationsTable } from '../db/schema.ts';
import { fail } from '../http/errors.ts';

const toEntry = (row: Selectable<NotificationsTable>): StoredNotification => ({
  id: row.id,
  level: row.level as StoredNotification['level'],
  type: row.type,
  value: row.value,
  progress: row.progress,
  date: Number(row.date),
  read: row.read === 1,
});

/** `changed` hears of every change to a user's list (the live channel tells that user's tabs). */
export function notificationService(db: Db, changed: (userId: number) => void = () => undefined) {
  const mine = (userId: number) => db.selectFrom('notifications').where('user_id', '=', userId);

  async function one(userId: number, id: string): Promise<StoredNotification> {
    const row = await mine(userId).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw fail(404, 'notFound');
    return toEntry(row);
  }

  return {
    async list(userId: number): Promise<NotificationListResponse> {
      const rows = await mine(userId).selectAll().orderBy('date', 'desc').orderBy('id', 'desc').execute();
      const list = rows.map(toEntry);
      return { list, unread: list.filter((e) => !e.read).length };
    },

    /** Adding an id the list already has answers with the stored entry: a retried request adds nothing. */
    async add(userId: number, entry: NotificationCreateRequest): Promise<StoredNotification> {
      await db
        .insertInto('notifications')
        .values({ user_id: userId, ...entry, read: 0 })
        .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
        .execute();
      // Only the newest NOTIFICATIONS_KEPT stay.
      const kept = mine(userId)
        .select('id')
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .limit(NOTIFICATIONS_KEPT);
      await db
        .deleteFrom('notifications')
        .where('user_id', '=', userId)
        .where('id', 'not in', kept)
        .execute();
      changed(userId);
      return one(userId, entry.id);
    },

    async progress(
      userId: number,
      id: string,
      change: NotificationProgressRequest,
    ): Promise<StoredNotification> {
      await one(userId, id);
      await db
        .updateTable('notifications')
        .set({ progress: change.progress, ...(change.level && { level: change.level }) })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute();
      changed(userId);
      return one(userId, id);
    },

    async markAllRead(userId: number): Promise<void> {
      await db.updateTable('notifications').set({ read: 1 }).where('user_id', '=', userId).execute();
      changed(userId);
    },

    async clear(userId: number): Promise<void> {
      await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
      changed(userId);
    },
  };
}

export type NotificationService = ReturnType<typeof notificationService>;
