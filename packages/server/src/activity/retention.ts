/**
 * How long the activity log keeps its rows: an administrator's setting (Settings > Activity), applied by
 * prune(), which the console runs on a timer. Without it the log grows for as long as the console runs.
 */
import { ACTIVITY_RETENTION, type ActivityRetention } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { keyValueStore } from '../db/key-value.ts';

const KEY = 'activity.retentionDays';
const DAY_MS = 86_400_000;

export function activityRetention(db: Db, now: () => number = Date.now) {
  const settings = keyValueStore(db);
  const days = async () => (await settings.get<number>(KEY)) ?? ACTIVITY_RETENTION.defaultDays;
  return {
    get: async (): Promise<ActivityRetention> => ({ days: await days() }),
    async set(value: ActivityRetention): Promise<ActivityRetention> {
      await settings.put(KEY, value.days, now());
      return value;
    },
    /** Deletes the rows older than the setting; returns how many went. */
    async prune(): Promise<number> {
      const result = await db
        .deleteFrom('activity')
        .where('created_at', '<', now() - (await days()) * DAY_MS)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type ActivityRetentionService = ReturnType<typeof activityRetention>;
