/** SQL of sessions and sign-in throttling. */
import { sql } from 'kysely';
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
    /**
     * One more failure for `key`, in one statement so that failures on several replicas at once all count
     * (a read, then a write, let concurrent guesses overwrite each other's count). A counter whose window
     * ended starts again from one; `restart` moves its start to now even while it runs (the account's
     * delay runs from its last failure).
     */
    increment: (key: string, now: number, windowMs: number, restart: boolean) => {
      const expired = sql<boolean>`login_failures.window_start <= ${now - windowMs}`;
      return db
        .insertInto('login_failures')
        .values({ key, count: 1, window_start: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else login_failures.count + 1 end`,
            window_start: restart
              ? now
              : sql<number>`case when ${expired} then ${now} else login_failures.window_start end`,
          }),
        )
        .execute();
    },
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
