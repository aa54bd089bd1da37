/**
 * Server-side sessions. The cookie holds a random secret; the database keeps only its digest, the
 * CSRF token bound to it and when it was last used. A session idle for longer than the limit is gone.
 */
import type { Db } from '../db/schema.ts';
import type { Identity } from '../http/types.ts';
import { identityOf } from './identity.ts';
import { sessionStore } from './store.ts';
import { digest, randomSecret } from './tokens.ts';

export const SESSION_COOKIE = 'edge_session';
/** Writing last_seen on every request would make each read a write; a minute's precision is enough. */
const TOUCH_EVERY_MS = 60_000;

export function sessions(db: Db, idleMinutes: number, now: () => number = Date.now) {
  const store = sessionStore(db);
  const idleMs = idleMinutes * 60_000;

  return {
    async create(userId: number, ip: string, userAgent: string) {
      const secret = randomSecret();
      const csrfToken = randomSecret();
      const t = now();
      await store.insert({
        id_hash: digest(secret),
        user_id: userId,
        csrf_token: csrfToken,
        ip,
        user_agent: userAgent,
        now: t,
      });
      await store.recordSignIn(userId, t);
      return { secret, csrfToken };
    },
    /**
     * Who the session behind a cookie acts as, or null when unknown, idle too long, or its user is suspended.
     * `touch: false` checks without counting as use (an open live-update socket is not the user at work).
     */
    async resolve(secret: string, opts: { touch?: boolean } = {}): Promise<Identity | null> {
      const idHash = digest(secret);
      const row = await store.findWithUser(idHash);
      if (!row) return null;
      const t = now();
      if (t - row.last_seen_at > idleMs || row.status !== 1) {
        await store.remove(idHash);
        return null;
      }
      if (opts.touch !== false && t - row.last_seen_at > TOUCH_EVERY_MS) await store.touch(idHash, t);
      return { ...identityOf(row), session: { idHash, csrfToken: row.csrf_token } };
    },
    end: (idHash: string) => store.remove(idHash),
    endBySecret: (secret: string) => store.remove(digest(secret)),
    pruneIdle: () => store.removeIdleBefore(now() - idleMs),
    /** Ends every session of a user (suspended, deleted, password reset), but the one given. */
    endAllOf: (userId: number, exceptIdHash?: string) => store.removeAllOf(userId, exceptIdHash),
  };
}
export type Sessions = ReturnType<typeof sessions>;
