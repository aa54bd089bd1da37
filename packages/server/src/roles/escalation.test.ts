/**
 * Escalation between custom roles (issue 13): someone trusted with accounts or roles may hand out only
 * rights they hold themselves, may not change their own role, and may not touch a more powerful account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, messages, permissionTree, type PermissionSet } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, USER_PASSWORD, type Caller } from '../testing/accounts.ts';

const ROLES = '/api/v1/settings/permission/roles';
const USERS = '/api/v1/settings/account/users';
const managing = { control: { enable: true }, isManagement: true };
/** Every permission but the Administrator role: what a custom "superuser" role can hold. */
const everything = (): PermissionSet => Object.fromEntries(PERMISSION_KEYS.map((k) => [k, managing]));
const accountManager: PermissionSet = { Settings: managing, Account: managing };
const roleManager: PermissionSet = { Settings: managing, Account: managing, Permission: managing };

describe.each(DIALECTS)('no escalation between custom roles (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let powerfulRole: number;
  let victimId: number;

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
    powerfulRole = (
      await admin('POST', ROLES, { name: 'Everything', permissions: permissionTree(everything()) })
    ).json().id;
    const victim = await userWithRole(edge, admin, { Settings: managing });
    victimId = victim.id;
  });
  afterAll(async () => edge?.destroy());

  const expectRefused = async (
    res: { statusCode: number; json(): { err_code?: string; err_message: string } },
    code: 'roleNotGrantable' | 'ownRoleLocked',
  ) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
  };

  it('refuses an account manager moving another user, or itself, to a role with more rights', async () => {
    const manager = await userWithRole(edge, admin, accountManager);
    const me = (await manager.call('GET', USERS))
      .json()
      .list.find((u: { id: number }) => u.id === manager.id);
    const before = await snapshot(edge);
    const other = (await admin('GET', USERS)).json().list.find((u: { id: number }) => u.id === victimId);
    await expectRefused(
      await manager.call('PATCH', USERS, {
        id: victimId,
        email: other.email,
        companyName: '',
        roleId: powerfulRole,
        type: 'Admin',
      }),
      'roleNotGrantable',
    );
    await expectRefused(
      await manager.call('PATCH', USERS, {
        id: manager.id,
        email: me.email,
        companyName: '',
        roleId: powerfulRole,
        type: 'Admin',
      }),
      'ownRoleLocked',
    );
    await expectRefused(
      await manager.call('POST', USERS, {
        name: 'sidekick',
        email: 'sidekick@example.com',
        password: USER_PASSWORD,
        confirmPassword: USER_PASSWORD,
        roleId: powerfulRole,
        type: 'Admin',
      }),
      'roleNotGrantable',
    );
    expect(await snapshot(edge)).toBe(before);
  });

  it('refuses an account manager changing the account of a more powerful user', async () => {
    const manager = await userWithRole(edge, admin, accountManager);
    const strong = await userWithRole(edge, admin, everything());
    const before = await snapshot(edge);
    await expectRefused(
      await manager.call('PATCH', `${USERS}/suspend`, { id: strong.id }),
      'roleNotGrantable',
    );
    const view = (await admin('GET', USERS)).json().list.find((u: { id: number }) => u.id === strong.id);
    await expectRefused(
      await manager.call('PATCH', USERS, {
        id: strong.id,
        email: view.email,
        companyName: '',
        roleId: strong.roleId,
        type: 'Admin',
        password: 'Taken-over-1234',
        confirmPassword: 'Taken-over-1234',
      }),
      'roleNotGrantable',
    );
    expect(await snapshot(edge)).toBe(before);
  });

  it('still lets it give roles within its own rights', async () => {
    const manager = await userWithRole(edge, admin, accountManager);
    const smaller = (
      await admin('POST', ROLES, { name: 'Smaller', permissions: permissionTree({ Settings: managing }) })
    ).json().id;
    const other = (await admin('GET', USERS)).json().list.find((u: { id: number }) => u.id === victimId);
    const res = await manager.call('PATCH', USERS, {
      id: victimId,
      email: other.email,
      companyName: '',
      roleId: smaller,
      type: 'Admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roleId).toBe(smaller);
  });

  it('refuses a role manager writing rights it lacks into a role, or editing its own role', async () => {
    const manager = await userWithRole(edge, admin, roleManager);
    const before = await snapshot(edge);
    await expectRefused(
      await manager.call('POST', ROLES, { name: 'Wider', permissions: permissionTree(everything()) }),
      'roleNotGrantable',
    );
    await expectRefused(
      await manager.call('PATCH', ROLES, { id: manager.roleId, permissions: permissionTree(everything()) }),
      'ownRoleLocked',
    );
    await expectRefused(await manager.call('DELETE', ROLES, { id: powerfulRole }), 'roleNotGrantable');
    expect(await snapshot(edge)).toBe(before);
    const own = await manager.call('POST', ROLES, {
      name: 'Narrow',
      permissions: permissionTree(accountManager),
    });
    expect(own.statusCode).toBe(200);
  });
});
