/**
 * Ending a session ends its live sockets at once: signing out, a password change that replaces the session,
 * and a user suspended, deleted or reset (every session of theirs). Without this a socket would keep
 * pushing to a signed-out browser until the route's next look at the caller (up to a minute).
 * The sockets close after the session is gone, so the browser's reconnect is refused.
 */
import type { Sessions } from '../auth/sessions.ts';
import { digest } from '../auth/tokens.ts';
import type { LiveHub } from './hub.ts';

export function closingLiveSockets(
  sessions: Sessions,
  hub: Pick<LiveHub, 'closeSession' | 'closeUser' | 'closeAll'>,
): Sessions {
  return {
    ...sessions,
    end: (idHash) => sessions.end(idHash).finally(() => hub.closeSession(idHash)),
    endBySecret: (secret) => sessions.endBySecret(secret).finally(() => hub.closeSession(digest(secret))),
    endAllOf: (userId, exceptIdHash) =>
      sessions.endAllOf(userId, exceptIdHash).finally(() => hub.closeUser(userId, exceptIdHash)),
    forgetAll: () => {
      sessions.forgetAll();
      hub.closeAll('console restored');
    },
  };
}
