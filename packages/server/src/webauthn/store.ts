/** SQL of security keys and of the challenges handed out for them. */
import type { Db } from '../db/schema.ts';

export function webauthnStore(db: Db) {
  return {
    listOf: (userId: number) =>
      db
        .selectFrom('webauthn_credentials')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    find: (id: string) =>
      db.selectFrom('webauthn_credentials').selectAll().where('id', '=', id).executeTakeFirst(),
    insert: (row: {
      id: string;
      user_id: number;
      name: string;
      public_key: string;
      counter: number;
      transports: string;
      created_at: number;
    }) => db.insertInto('webauthn_credentials').values(row).execute(),
    rename: (userId: number, id: string, name: string) =>
      db
        .updateTable('webauthn_credentials')
        .set({ name })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst(),
    remove: (userId: number, id: string) =>
      db
        .deleteFrom('webauthn_credentials')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst(),
    userIdNamed: async (name: string) =>
      (await db.selectFrom('users').select('id').where('name', '=', name).executeTakeFirst())?.id,
    recordUse: (id: string, counter: number, now: number) =>
      db
        .updateTable('webauthn_credentials')
        .set({ counter, last_used_at: now })
        .where('id', '=', id)
        .execute(),

    async addChallenge(
      row: { challenge: string; purpose: string; user_id: number | null; expires_at: number },
      now: number,
    ) {
      await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
      await db.insertInto('webauthn_challenges').values(row).execute();
    },
    /** Removes and returns a challenge, so each is answered at most once. */
    takeChallenge: (challenge: string, purpose: string) =>
      db
        .deleteFrom('webauthn_challenges')
        .where('challenge', '=', challenge)
        .where('purpose', '=', purpose)
        .returningAll()
        .executeTakeFirst(),
  };
}
