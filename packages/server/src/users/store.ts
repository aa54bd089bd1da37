/** SQL of user accounts as administrators manage them. */
import { ADMINISTRATOR_ROLE_ID, ACCOUNT_STATUS } from '@edge/protocol';
import type { Db } from '../db/schema.ts';

export function userStore(db: Db) {
  const withRole = () =>
    db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.company_name',
        'users.type',
        'users.role_id',
        'users.status',
        'users.created_at',
        'users.last_used_at',
        'roles.name as role_name',
      ]);
  return {
    list: () => withRole().orderBy('users.id').execute(),
    findById: (id: number) => withRole().where('users.id', '=', id).executeTakeFirst(),
    insert: (u: {
      name: string;
      email: string;
      password_hash: string;
      role_id: number;
      type: string;
      status: number;
      company_name: string;
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
          status: u.status,
          company_name: u.company_name,
          created_at: u.now,
          updated_at: u.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    update: (
      id: number,
      changes: {
        email?: string;
        company_name?: string;
        role_id?: number;
        type?: string;
        status?: number;
        password_hash?: string;
      },
      now: number,
    ) =>
      db
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst(),
    remove: (id: number) => db.deleteFrom('users').where('id', '=', id).executeTakeFirst(),
    /** Active Admin accounts holding the Administrator role: those who can still run the console. */
    countActiveAdministrators: async () =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('role_id', '=', ADMINISTRATOR_ROLE_ID)
            .where('type', '=', 'Admin')
            .where('status', '=', ACCOUNT_STATUS.active)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof userStore>['findById']>>>;
