/** SQL of personal access tokens. */
import type { Db } from '../db/schema.ts';
import { IDENTITY_COLUMNS } from '../auth/identity.ts';

export function tokenStore(db: Db) {
  return {
    listOf: (userId: number) =>
      db
        .selectFrom('access_tokens')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute(),
    insert: (row: {
      user_id: number;
      name: string;
      token_hash: string;
      scopes: string;
      end_date: string;
      created_at: number;
      expires_at: number;
    }) => db.insertInto('access_tokens').values(row).returningAll().executeTakeFirstOrThrow(),
    revoke: (userId: number, id: number, now: number) =>
      db
        .updateTable('access_tokens')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst(),
    findWithUser: (tokenHash: string) =>
      db
        .selectFrom('access_tokens')
        .innerJoin('users', 'users.id', 'access_tokens.user_id')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select([
          'access_tokens.id as token_id',
          'access_tokens.scopes',
          'access_tokens.expires_at',
          'access_tokens.revoked_at',
          'access_tokens.last_used_at',
          ...IDENTITY_COLUMNS,
        ])
        .where('access_tokens.token_hash', '=', tokenHash)
        .executeTakeFirst(),
    touch: (id: number, now: number) =>
      db.updateTable('access_tokens').set({ last_used_at: now }).where('id', '=', id).execute(),
    countActive: async (now: number) =>
      Number(
        (
          await db
            .selectFrom('access_tokens')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
