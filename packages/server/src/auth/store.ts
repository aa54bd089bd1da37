/** SQL of sessions and sign-in throttling. */
import type { Db } from '../db/schema.ts';
import { IDENTITY_COLUMNS } from './identity.ts';

export function sessionStore(db: Db) {
  return {
    insert: (row: {
      id_hash: string;
      user_id: number;
      csrf_token: string;
      ip: string;
      user_agent: string;
      now: number;
    }) =>
      db
        .insertInto('sessions')
        .values({
          id_hash: row.id_hash,
          user_id: row.user_id,
          csrf_token: row.csrf_token,
          ip: row.ip,
          user_agent: row.user_agent,
          created_at: row.now,
          last_seen_at: row.now,
        })
        .execute(),
    findWithUser: (idHash: string) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select(['sessions.id_hash', 'sessions.csrf_token', 'sessions.last_seen_at', ...IDENTITY_COLUMNS])
        .where('sessions.id_hash', '=', idHash)
        .executeTakeFirst(),
    touch: (idHash: string, now: number) =>
      db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute(),
    remove: (idHash: string) => db.deleteFrom('sessions').where('id_hash', '=', idHash).execute(),
    removeIdleBefore: (cutoff: number) =>
      db.deleteFrom('sessions').where('last_seen_at', '<', cutoff).execute(),
    removeAllOf: (userId: number, exceptIdHash?: string) =>
      db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .$if(exceptIdHash !== undefined, (q) => q.where('id_hash', '!=', exceptIdHash!))
        .execute(),
    recordSignIn: (userId: number, now: number) =>
      db.updateTable('users').set({ last_used_at: now }).where('id', '=', userId).execute(),
  };
}

export function throttleStore(db: Db) {
  return {
    find: (keys: string[]) => db.selectFrom('login_failures').selectAll().where('key', 'in', keys).execute(),
    upsert: (key: string, count: number, windowStart: number) =>
      db
        .insertInto('login_failures')
        .values({ key, count, window_start: windowStart })
        .onConflict((oc) => oc.column('key').doUpdateSet({ count, window_start: windowStart }))
        .execute(),
    clear: (keys: string[]) => db.deleteFrom('login_failures').where('key', 'in', keys).execute(),
    all: () => db.selectFrom('login_failures').selectAll().execute(),
    /** The table holds only the counters of the last window or so, so choosing in code is cheap. */
    async clearMatching(matches: (key: string) => boolean) {
      const keys = (await db.selectFrom('login_failures').select('key').execute())
        .map((r) => r.key)
        .filter(matches);
      if (keys.length > 0) await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
    },
  };
}
