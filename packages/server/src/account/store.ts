/** SQL of users and roles as the signed-in user's own account needs them. */
import type { Db } from '../db/schema.ts';

export function accountStore(db: Db) {
  return {
    findById: (id: number) =>
      db
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select([
          'users.id',
          'users.name',
          'users.email',
          'users.company_name',
          'users.type',
          'users.status',
          'users.password_hash',
          'users.role_id',
          'roles.name as role_name',
          'roles.permissions',
        ])
        .where('users.id', '=', id)
        .executeTakeFirst(),
    countUsers: async () =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    findRoleByName: (name: string) =>
      db.selectFrom('roles').select(['id']).where('name', '=', name).executeTakeFirst(),
    insertRole: (name: string, permissions: string, now: number) =>
      db
        .insertInto('roles')
        .values({ name, permissions, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    insertUser: (u: {
      name: string;
      email: string;
      password_hash: string;
      role_id: number;
      type: string;
      now: number;
    }) =>
      db
        .insertInto('users')
        .values({
          name: u.name,
          email: u.email,
          password_hash: u.password_hash,
          role_id: u.role_id,
          type: u.type,
          status: 1,
          company_name: '',
          created_at: u.now,
          updated_at: u.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    updateProfile: (id: number, email: string, companyName: string, now: number) =>
      db
        .updateTable('users')
        .set({ email, company_name: companyName, updated_at: now })
        .where('id', '=', id)
        .execute(),
    updatePasswordHash: (id: number, hash: string, now: number) =>
      db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute(),
    endOtherSessions: (userId: number, keepIdHash: string | undefined) =>
      db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .$if(keepIdHash !== undefined, (q) => q.where('id_hash', '!=', keepIdHash!))
        .execute(),
  };
}
