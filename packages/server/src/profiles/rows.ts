/**
 * The statements Profile Management's two named tables share (policy profiles, profile templates): one
 * row by id, a row added (its new id), a row changed or removed by id, each in a transaction of its own
 * (the request's activity row joins it: activity/recorder.ts).
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { ProfileTables } from '../db/schema-profiles.ts';
import { inTransaction } from '../db/transaction.ts';

type Named = 'policy_profiles' | 'profile_templates';
export type RowOf<T extends Named> = Omit<Selectable<ProfileTables[T]>, 'id'> & { id: number };

export function namedRows<T extends Named>(
  db: Db,
  table: T,
  /** What goes with a row when it is removed (rows of other tables naming it), in the same transaction. */
  beforeRemove?: (trx: Db, id: number) => Promise<void>,
) {
  // Kysely types a statement by its table: the two share every column these statements name, so both
  // are written as one of them.
  const named = table as 'profile_templates';
  return {
    get: async (id: number): Promise<RowOf<T> | undefined> =>
      (await db.selectFrom(named).selectAll().where('id', '=', id).executeTakeFirst()) as
        RowOf<T> | undefined,

    /** A unique violation when the name is taken. */
    insert: (row: Insertable<ProfileTables[T]>): Promise<number> =>
      inTransaction(
        db,
        async (trx) =>
          (
            await trx
              .insertInto(named)
              .values(row as Insertable<ProfileTables['profile_templates']>)
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),

    /** False when there is no such row (nothing recorded then). */
    update: (id: number, row: Updateable<ProfileTables[T]>): Promise<boolean> =>
      inTransaction(
        db,
        async (trx) =>
          Number(
            (
              await trx
                .updateTable(named)
                .set(row as Updateable<ProfileTables['profile_templates']>)
                .where('id', '=', id)
                .executeTakeFirst()
            ).numUpdatedRows,
          ) > 0,
      ),

    remove: (id: number): Promise<boolean> =>
      inTransaction(db, async (trx) => {
        await beforeRemove?.(trx, id);
        return (
          Number((await trx.deleteFrom(named).where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0
        );
      }),
  };
}
