/**
 * Server-side sessions. The cookie holds a random secret; the database keeps only its digest, the
 * CSRF token bound to it and when it was last used. A session idle for longer than the limit is gone.
 */
import type { Db } from '../db/schema.ts';
import type { Identity } from '../http/types.ts';
import { identityOf } from './identity.ts';
import { sessionStore } from './store.ts';
import { digest, randomSecret } from './tokens.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { sessionMemory } from './session-memory.ts';

export const SESSION_COOKIE = 'edge_session';
/** Writing last_seen on every request would make each read a write; a minute's precision is enough. */
const TOUCH_EVERY_MS = 60_000;

export function sessions(db: Db, idleMinutes: number, now: () => number = Date.now) {
  const store = sessionStore(db);
  const idleMs = idleMinutes * 60_000;
  const memory = sessionMemory(idleMs);

  /** The session's row, or, when the database cannot be reached, who it was when last resolved here. */
  async function find(idHash: string) {
    try {
      return { row: await store.findWithUser(idHash) };
    } catch (err) {
      const held = isDatabaseUnreachable(err) ? memory.recall(idHash, now()) : null;
      if (!held) throw err;
      return { held };
    }
  }

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
      const { row, held } = await find(idHash);
      if (held) return held;
      if (!row) return null;
      const t = now();
      if (t - row.last_seen_at > idleMs || row.status !== 1) {
        memory.drop(idHash);
        await store.remove(idHash);
        return null;
      }
      const touched = opts.touch !== false && t - row.last_seen_at > TOUCH_EVERY_MS;
      if (touched) await store.touch(idHash, t);
      const identity = { ...identityOf(row), session: { idHash, csrfToken: row.csrf_token } };
      memory.keep(idHash, identity, touched ? t : row.last_seen_at);
      return identity;
    },
    end: (idHash: string) => {
      memory.drop(idHash);
      return store.remove(idHash);
    },
    endBySecret: (secret: string) => {
      memory.drop(digest(secret));
      return store.remove(digest(secret));
    },
    pruneIdle: () => store.removeIdleBefore(now() - idleMs),
    /**
     * A console restore emptied the sessions table: none held here may stand in for it, not even while the
     * database cannot be reached.
     */
    forgetAll: () => memory.dropAll(),
    /** Ends every session of a user (suspended, deleted, password reset), but the one given. */
    endAllOf: (userId: number, exceptIdHash?: string) => {
      memory.dropUser(userId, exceptIdHash);
      return store.removeAllOf(userId, exceptIdHash);
    },
  };
}
export type Sessions = ReturnType<typeof sessions>;
