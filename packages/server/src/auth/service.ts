/** Sign-in and sign-out: password or security key, throttling, admin ACL, and a fresh session at every sign-in. */
import { ADMINISTRATOR_ROLE_ID } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { randomBytes } from 'node:crypto';
import type { Sessions } from './sessions.ts';
import { loginThrottle } from './throttle.ts';

export interface SignInFrom {
  ip: string;
  userAgent: string;
  previousSecret?: string;
}

/** The admin ACL's say on where administrators may sign in from. */
export interface AdministratorGate {
  admitsAdministrator(ip: string): Promise<boolean>;
}

export function authService(db: Db, sessions: Sessions, adminAcl: AdministratorGate) {
  const throttle = loginThrottle(db);
  // An unknown name is checked against this, so it costs what a wrong password does and timing tells nothing.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));
  const userColumns = ['id', 'password_hash', 'status', 'role_id'] as const;
  const userNamed = (name: string) =>
    db.selectFrom('users').select(userColumns).where('name', '=', name).executeTakeFirst();
  const userWithId = (id: number) =>
    db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();

  /** Every way of signing in ends here, so each gets the same checks and the same kind of session. */
  async function openSession(user: { id: number; status: number; role_id: number }, from: SignInFrom) {
    if (user.status !== 1) throw fail(403, 'accountSuspended');
    if (user.role_id === ADMINISTRATOR_ROLE_ID && !(await adminAcl.admitsAdministrator(from.ip)))
      throw fail(403, 'adminAclRefused');
    // Rotation: whatever session the browser held before is ended, the new one has a new secret.
    if (from.previousSecret) await sessions.endBySecret(from.previousSecret);
    return sessions.create(user.id, from.ip, from.userAgent);
  }

  return {
    async signIn(name: string, password: string, from: SignInFrom) {
      if (await throttle.isBlocked(name, from.ip)) throw fail(429, 'loginThrottled');
      const user = await userNamed(name);
      const ok =
        (await verifyPassword(user ? user.password_hash : await dummyHash, password)) && user !== undefined;
      if (!user || !ok) {
        await throttle.recordFailure(name, from.ip);
        throw fail(401, 'loginFailed');
      }
      await throttle.recordSuccess(name, from.ip);
      return openSession(user, from);
    },
    /** Sign-in by a user whose security key has already been verified. */
    async signInVerified(userId: number, from: SignInFrom) {
      const user = await userWithId(userId);
      if (!user) throw fail(401, 'loginFailed');
      return openSession(user, from);
    },
    signOut: (idHash: string) => sessions.end(idHash),
    /** Who is held back from signing in, and clearing that (Security). */
    lockouts: throttle,
  };
}
export type AuthService = ReturnType<typeof authService>;
