import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMINISTRATOR_ROLE_ID,
  PERMISSION_KEYS,
  messages,
  permissionTree,
  type MessageCode,
  type PermissionNode,
} from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, type Caller } from '../testing/accounts.ts';

const ROLES = '/api/v1/settings/permission/roles';
const on = { control: { enable: true }, isManagement: false };
const managing = { control: { enable: true }, isManagement: true };

const grantOf = (tree: PermissionNode[], key: string) =>
  tree.flatMap((n) => [n, ...n.children]).find((n) => n.key === key)!;

describe.each(DIALECTS)('roles, shown as Permission (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => edge?.destroy());

  it('lists the built-in Administrator as role 1 holding the whole tree', async () => {
    const list = (await admin('GET', ROLES)).json().list;
    expect(list[0]).toMatchObject({
      id: ADMINISTRATOR_ROLE_ID,
      name: 'Administrator',
      builtin: true,
      userCount: 1,
    });
    const keys = (list[0].permissions as PermissionNode[]).flatMap((n) => [n, ...n.children]);
    expect(keys.map((n) => n.key).sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(keys.every((n) => n.control.enable && n.isManagement)).toBe(true);
  });

  it('creates a role from a tree; keys left out are off, management without access is dropped', async () => {
    const tree = permissionTree({
      Settings: on,
      Activity: on,
      Company: managing,
      Log: { control: { enable: false }, isManagement: true },
    }).filter((n) => n.key !== 'Inventory');
    const res = await admin('POST', ROLES, { name: 'Auditor', permissions: tree });
    expect(res.statusCode).toBe(200);
    const role = res.json();
    expect(role).toMatchObject({ name: 'Auditor', builtin: false, userCount: 0 });
    expect(grantOf(role.permissions, 'Activity')).toMatchObject(on);
    expect(grantOf(role.permissions, 'Company')).toMatchObject(managing);
    expect(grantOf(role.permissions, 'Log')).toMatchObject({
      control: { enable: false },
      isManagement: false,
    });
    expect(grantOf(role.permissions, 'Inventory').control.enable).toBe(false);
  });

  it('renames, edits the tree, and the change reaches signed-in users at once', async () => {
    const user = await userWithRole(edge, admin, { Settings: on, Activity: on });
    expect((await user.call('GET', '/api/v1/settings/activity/list')).statusCode).toBe(200);
    const renamed = await admin('PATCH', ROLES, { id: user.roleId, name: 'Watchers' });
    expect(renamed.json().name).toBe('Watchers');
    expect(grantOf(renamed.json().permissions, 'Activity').control.enable).toBe(true);

    const edited = await admin('PATCH', ROLES, {
      id: user.roleId,
      permissions: permissionTree({ Settings: on }),
    });
    expect(edited.json()).toMatchObject({ name: 'Watchers', userCount: 1 });
    expect((await user.call('GET', '/api/v1/settings/activity/list')).statusCode).toBe(403);
    const info = (await user.call('GET', '/api/v1/settings/account/getAccountInfo')).json();
    expect(info.roleName).toBe('Watchers');
  });

  it('deletes a role no one holds; refuses one still given to users', async () => {
    const user = await userWithRole(edge, admin, {});
    const before = await snapshot(edge);
    const inUse = await admin('DELETE', ROLES, { id: user.roleId });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().err_message).toBe(messages.roleInUse);
    expect(await snapshot(edge)).toBe(before);

    const spare = (await admin('POST', ROLES, { name: 'Spare' })).json();
    expect((await admin('DELETE', ROLES, { id: spare.id })).statusCode).toBe(200);
    expect((await admin('DELETE', ROLES, { id: spare.id })).statusCode).toBe(404);
  });

  it('keeps the Administrator role as it is: no rename, no edit, no delete', async () => {
    const before = await snapshot(edge);
    for (const [method, body] of [
      ['PATCH', { id: ADMINISTRATOR_ROLE_ID, name: 'Root' }],
      ['PATCH', { id: ADMINISTRATOR_ROLE_ID, permissions: [] }],
      ['DELETE', { id: ADMINISTRATOR_ROLE_ID }],
    ] as const) {
      const res = await admin(method, ROLES, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().err_code).toBe('builtinRole');
    }
    expect(await snapshot(edge)).toBe(before);
  });

  it('validates names and trees: 400 with the message, nothing written', async () => {
    const cases: [object, MessageCode | null][] = [
      [{ name: '' }, 'roleNameEmpty'],
      [{}, 'roleNameEmpty'],
      [{ name: '   ' }, 'roleNameEmpty'],
      [{ name: 'r'.repeat(33) }, 'roleNameLength'],
      [{ name: 'Administrator' }, 'roleNameTaken'],
      [
        {
          name: 'Bad tree',
          permissions: [{ key: 'NoSuchApp', control: { enable: true }, isManagement: false, children: [] }],
        },
        null,
      ],
      [{ name: 'Bad grant', permissions: [{ key: 'Log', control: {}, isManagement: false }] }, null],
    ];
    const before = await snapshot(edge);
    for (const [body, code] of cases) {
      const res = await admin('POST', ROLES, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(code === 'roleNameTaken' ? 409 : 400);
      expect(res.json().err_message).toEqual(code ? messages[code] : expect.any(String));
    }
    expect(await snapshot(edge)).toBe(before);
    expect((await admin('POST', ROLES, { name: 'r'.repeat(32) })).statusCode).toBe(200);
  });
});
