/** The activity log, newest first, a page at a time. */
import type { ActivityList, ActivityListQuery } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { activityStore } from './store.ts';

export function activityService(db: Db) {
  const store = activityStore(db);
  return {
    async list({ page, pageSize }: ActivityListQuery): Promise<ActivityList> {
      const [rows, totalNumber] = await Promise.all([
        store.page((page - 1) * pageSize, pageSize),
        store.count(),
      ]);
      const list = rows.map((r) => ({
        id: r.id,
        userName: r.user_name,
        action: r.action,
        target: r.target,
        ip: r.ip,
        statusCode: r.status_code,
        date: r.created_at,
      }));
      return { list, page, pageSize, totalNumber };
    },
  };
}
export type ActivityService = ReturnType<typeof activityService>;
