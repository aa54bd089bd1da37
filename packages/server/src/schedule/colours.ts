/** 'My Calender' (SPEC 2): each user's colour per device group and whether the calendar shows it. */
import type { GroupColour } from '@edge/protocol';
import type { Db } from '../db/schema.ts';

export function groupColourStore(db: Db) {
  return {
    async list(userId: number): Promise<GroupColour[]> {
      const rows = await db
        .selectFrom('schedule_group_colours')
        .select(['group_id', 'colour', 'shown'])
        .where('user_id', '=', userId)
        .orderBy('group_id')
        .execute();
      return rows.map((r) => ({ groupId: r.group_id, colour: r.colour, shown: r.shown === 1 }));
    },
    async set(userId: number, entry: GroupColour): Promise<void> {
      const values = { colour: entry.colour, shown: entry.shown ? 1 : 0 };
      await db
        .insertInto('schedule_group_colours')
        .values({ user_id: userId, group_id: entry.groupId, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'group_id']).doUpdateSet(values))
        .execute();
    },
  };
}
export type GroupColourStore = ReturnType<typeof groupColourStore>;
