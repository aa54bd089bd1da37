/** SQL of reading the activity log (the recorder writes it). */
import type { Db } from '../db/schema.ts';

export function activityStore(db: Db) {
  return {
    page: (offset: number, limit: number) =>
      db
        .selectFrom('activity')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    count: async () =>
      Number(
        (
          await db
            .selectFrom('activity')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
