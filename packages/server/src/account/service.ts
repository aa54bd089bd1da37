/** The signed-in user's own account: who they are, their profile and their password; and the first administrator. */
import {
  ADMINISTRATOR_ROLE_NAME,
  allows,
  canView,
  effectivePermissions,
  fullPermissionSet,
  permissionTree,
  type AccountInfo,
  type AccountType,
  type PermissionSet,
} from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import { generatePassword, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { accountStore } from './store.ts';

/** What the account page shows besides the user: their security keys, and everyone else for those who manage accounts. */
export interface AccountPeople {
  members(): Promise<AccountInfo['members']>;
  webauthnKeys(userId: number): Promise<{ id: string; name: string }[]>;
}

export function accountService(db: Db, people: AccountPeople) {
  const store = accountStore(db);
  return {
    async info(userId: number, csrfToken: string | null): Promise<AccountInfo> {
      const user = await store.findById(userId);
      if (!user) throw fail(401, 'notSignedIn');
      const type = user.type as AccountType;
      const permissions = effectivePermissions(
        JSON.parse(user.permissions) as PermissionSet,
        user.role_id,
        type,
      );
      const keys = await people.webauthnKeys(userId);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        companyName: user.company_name,
        type,
        roleId: user.role_id,
        roleName: user.role_name,
        permissions: permissionTree(permissions),
        webauthn: keys.map((k) => ({ id: k.id, name: k.name })),
        members: allows(permissions, canView('Account')) ? await people.members() : [],
        csrfToken,
      };
    },
    async updateProfile(userId: number, email: string, companyName: string) {
      await store.updateProfile(userId, email, companyName, Date.now());
    },
    /** A changed password ends the user's other sessions: whoever else held one must sign in again. */
    async changePassword(userId: number, current: string, next: string, keepSession?: string) {
      const user = await store.findById(userId);
      if (!user || !(await verifyPassword(user.password_hash, current)))
        throw fail(400, 'currentPasswordWrong');
      await store.updatePasswordHash(userId, await hashPassword(next), Date.now());
      await store.endOtherSessions(userId, keepSession);
    },
    /**
     * On first start: the Administrator role (the first role, so role 1) and the user `admin`, with
     * ADMIN_PASSWORD or a generated password printed once. Never a fixed default.
     */
    async ensureFirstAdministrator(
      adminPassword: string | undefined,
      log: { info(message: string): void },
    ): Promise<void> {
      if ((await store.countUsers()) > 0) return;
      const now = Date.now();
      const role =
        (await store.findRoleByName(ADMINISTRATOR_ROLE_NAME)) ??
        (await store.insertRole(ADMINISTRATOR_ROLE_NAME, JSON.stringify(fullPermissionSet()), now));
      const password = adminPassword ?? generatePassword();
      await store.insertUser({
        name: 'admin',
        email: 'admin@localhost.localdomain',
        password_hash: await hashPassword(password),
        role_id: role.id,
        type: 'Admin',
        now,
      });
      if (!adminPassword) {
        // Printed once, on purpose, outside the structured log so it does not end up in log storage.
        process.stdout.write(
          `\n  First start: administrator "admin" created with password: ${password}\n  Sign in and change it under Settings > Account.\n\n`,
        );
      } else {
        log.info('administrator "admin" created with ADMIN_PASSWORD');
      }
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
