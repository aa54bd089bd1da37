/** Sign-in and sign-out: password check, throttling, and a fresh session at every sign-in. */
import type { Db } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import { verifyPassword } from './passwords.ts';
import type { Sessions } from './sessions.ts';
import { loginThrottle } from './throttle.ts';

export function authService(db: Db, sessions: Sessions) {
  const throttle = loginThrottle(db);
  return {
    async signIn(name: string, password: string, from: { ip: string; userAgent: string; previousSecret?: string }) {
      if (await throttle.isBlocked(name, from.ip)) throw fail(429, 'loginThrottled');
      const user = await db.selectFrom('users').select(['id', 'password_hash', 'status']).where('name', '=', name).executeTakeFirst();
      const ok = user ? await verifyPassword(user.password_hash, password) : false;
      if (!user || !ok) {
        await throttle.recordFailure(name, from.ip);
        throw fail(401, 'loginFailed');
      }
      if (user.status !== 1) throw fail(403, 'accountSuspended');
      await throttle.recordSuccess(name);
      // Rotation: whatever session the browser held before is ended, the new one has a new secret.
      if (from.previousSecret) await sessions.endBySecret(from.previousSecret);
      return sessions.create(user.id, from.ip, from.userAgent);
    },
    signOut: (idHash: string) => sessions.end(idHash),
  };
}
export type AuthService = ReturnType<typeof authService>;
