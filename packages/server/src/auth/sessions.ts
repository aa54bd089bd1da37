/**
 * Server-side sessions. The cookie holds a random secret; the database keeps only its digest, the
 * CSRF token bound to it and when it was last used. A session idle for longer than the limit is gone.
 */
import type { Db } from '../db/schema.ts';
import type { PermissionSet } from '@edge/protocol';
import { sessionStore } from './store.ts';
import { digest, randomSecret } from './tokens.ts';

export const SESSION_COOKIE = 'edge_session';
/** Writing last_seen on every request would make each read a write; a minute's precision is enough. */
const TOUCH_EVERY_MS = 60_000;

export interface ResolvedSession {
  idHash: string;
  csrfToken: string;
  userId: number;
  userName: string;
  roleId: number;
  permissions: PermissionSet;
}

export function sessions(db: Db, idleMinutes: number, now: () => number = Date.now) {
  const store = sessionStore(db);
  const idleMs = idleMinutes * 60_000;

  return {
    async create(userId: number, ip: string, userAgent: string) {
      const secret = randomSecret();
      const csrfToken = randomSecret();
      await store.insert({ id_hash: digest(secret), user_id: userId, csrf_token: csrfToken, ip, user_agent: userAgent, now: now() });
      return { secret, csrfToken };
    },
    /** The session behind a cookie, or null when unknown, idle too long, or its user is suspended. */
    async resolve(secret: string): Promise<ResolvedSession | null> {
      const idHash = digest(secret);
      const row = await store.findWithUser(idHash);
      if (!row) return null;
      const t = now();
      if (t - row.last_seen_at > idleMs || row.status !== 1) {
        await store.remove(idHash);
        return null;
      }
      if (t - row.last_seen_at > TOUCH_EVERY_MS) await store.touch(idHash, t);
      return {
        idHash,
        csrfToken: row.csrf_token,
        userId: row.user_id,
        userName: row.user_name,
        roleId: row.role_id,
        permissions: JSON.parse(row.permissions) as PermissionSet,
      };
    },
    end: (idHash: string) => store.remove(idHash),
    endBySecret: (secret: string) => store.remove(digest(secret)),
    pruneIdle: () => store.removeIdleBefore(now() - idleMs),
  };
}
export type Sessions = ReturnType<typeof sessions>;
