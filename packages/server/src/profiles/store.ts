/** Profile Management's queries: the profiles and what each device was given by each. */
import type { Db } from '../db/schema.ts';
import type { ProfileAssignmentsTable } from '../db/schema-profiles.ts';
import { inTransaction } from '../db/transaction.ts';
import { namedRows, type RowOf } from './rows.ts';

export type ProfileRow = RowOf<'policy_profiles'>;
export type AssignmentRow = ProfileAssignmentsTable;
export type NewProfile = Omit<ProfileRow, 'id'>;

export function profileStore(db: Db) {
  // Its assignments go first: SQLite enforces the cascade only with foreign keys switched on.
  const named = namedRows(db, 'policy_profiles', async (trx, id) => {
    await trx.deleteFrom('profile_assignments').where('profile_id', '=', id).execute();
  });
  return {
    list: (kind?: string): Promise<ProfileRow[]> => {
      let query = db.selectFrom('policy_profiles').selectAll().orderBy('name');
      if (kind) query = query.where('kind', '=', kind);
      return query.execute();
    },

    ...named,

    /** An import's profiles, new (no id) and changed, in one transaction. */
    writeMany: (rows: (NewProfile & { id?: number })[]): Promise<void> =>
      inTransaction(db, async (trx) => {
        for (const { id, ...row } of rows) {
          if (id === undefined) await trx.insertInto('policy_profiles').values(row).execute();
          else await trx.updateTable('policy_profiles').set(row).where('id', '=', id).execute();
        }
      }),

    /** Assigned devices per profile. */
    async assignedCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('profile_assignments')
        .select(['profile_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('profile_id')
        .execute();
      return new Map(rows.map((r) => [r.profile_id, Number(r.n)]));
    },

    assignments: (profileId: number): Promise<AssignmentRow[]> =>
      db
        .selectFrom('profile_assignments')
        .selectAll()
        .where('profile_id', '=', profileId)
        .orderBy('device_id')
        .execute(),

    /** Records (or replaces) what the profile gave the device. */
    async assign(row: AssignmentRow): Promise<void> {
      await db
        .insertInto('profile_assignments')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['profile_id', 'device_id']).doUpdateSet({
            job_id: row.job_id,
            doc: row.doc,
            desired_version: row.desired_version,
            applied_at: row.applied_at,
          }),
        )
        .execute();
    },
  };
}

export type ProfileStore = ReturnType<typeof profileStore>;
