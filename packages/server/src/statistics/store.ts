/** Saved Statistics views: per user, by name (a save under an existing name replaces it). */
import type { SavedStatisticsView, StatisticsView } from '@edge/protocol';
import type { Db } from '../db/schema.ts';

const toView = (row: {
  id: number;
  name: string;
  config: string;
  updated_at: number;
}): SavedStatisticsView => ({
  id: Number(row.id),
  name: row.name,
  config: JSON.parse(row.config) as StatisticsView,
  updatedAt: Number(row.updated_at),
});

export function statisticsStore(db: Db) {
  return {
    async list(userId: number): Promise<SavedStatisticsView[]> {
      const rows = await db
        .selectFrom('statistics_views')
        .select(['id', 'name', 'config', 'updated_at'])
        .where('user_id', '=', userId)
        .orderBy('name')
        .execute();
      return rows.map(toView);
    },

    async save(
      userId: number,
      name: string,
      config: StatisticsView,
      now: number,
    ): Promise<SavedStatisticsView> {
      const row = await db
        .insertInto('statistics_views')
        .values({ user_id: userId, name, config: JSON.stringify(config), updated_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'name']).doUpdateSet({ config: JSON.stringify(config), updated_at: now }),
        )
        .returning(['id', 'name', 'config', 'updated_at'])
        .executeTakeFirstOrThrow();
      return toView(row);
    },

    /** True when the caller had a view of that id. */
    async remove(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('statistics_views')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type StatisticsStore = ReturnType<typeof statisticsStore>;
