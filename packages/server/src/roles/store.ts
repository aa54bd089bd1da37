/** SQL of roles (shown as Permission). */
import type { Db } from '../db/schema.ts';

export function roleStore(db: Db) {
  return {
    listWithUserCounts: () =>
      db
        .selectFrom('roles')
        .leftJoin('users', 'users.role_id', 'roles.id')
        .select([
          'roles.id',
          'roles.name',
          'roles.permissions',
          (eb) => eb.fn.count<number>('users.id').as('user_count'),
        ])
        .groupBy(['roles.id', 'roles.name', 'roles.permissions'])
        .orderBy('roles.id')
        .execute(),
    names: () => db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute(),
    findById: (id: number) =>
      db.selectFrom('roles').select(['id', 'name', 'permissions']).where('id', '=', id).executeTakeFirst(),
    insert: (name: string, permissions: string, now: number) =>
      db
        .insertInto('roles')
        .values({ name, permissions, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    update: (id: number, changes: { name?: string; permissions?: string }) =>
      db.updateTable('roles').set(changes).where('id', '=', id).executeTakeFirst(),
    remove: (id: number) => db.deleteFrom('roles').where('id', '=', id).executeTakeFirst(),
    countUsers: async (id: number) =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('role_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
