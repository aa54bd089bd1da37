/**
 * A change and its activity row are one transaction, for every declared mutation (http/serve.ts runs it in a
 * change scope, db/with-change.ts writes the row with its first change): a failure of either stores neither.
 * Shown for several route families (groups, users, roles, access tokens, alert rules, the address list), each
 * a different store, on both databases. The failures are injected into the real store with triggers that
 * refuse one insert, update or delete, the way a full disk or a broken constraint would.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMINISTRATOR_ROLE_ID } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, USER_PASSWORD, type Caller } from '../testing/accounts.ts';

const GROUPS = '/api/v1/inventory/group';

interface Family {
  action: string;
  /** The table the change goes to (its rows are counted). */
  table: string;
  /** Makes one change; `n` keeps names apart. */
  change: (n: number) => [method: 'POST', url: string, body: Record<string, unknown>];
}

/** One creating route per family: each family's store writes its own table through its own code. */
const FAMILIES: Family[] = [
  {
    action: 'inventory.group.create',
    table: 'device_groups',
    change: (n) => ['POST', `${GROUPS}/create`, { name: `Group ${n}` }],
  },
  {
    action: 'user.create',
    table: 'users',
    change: (n) => [
      'POST',
      '/api/v1/settings/account/users',
      {
        name: `operator${n}`,
        email: `operator${n}@example.com`,
        password: USER_PASSWORD,
        confirmPassword: USER_PASSWORD,
        roleId: ADMINISTRATOR_ROLE_ID,
        type: 'Admin',
      },
    ],
  },
  {
    action: 'role.create',
    table: 'roles',
    change: (n) => ['POST', '/api/v1/settings/permission/roles', { name: `Role ${n}`, permissions: [] }],
  },
  {
    action: 'accessToken.create',
    table: 'access_tokens',
    change: (n) => [
      'POST',
      '/api/v1/security/accessToken',
      { tokenName: `token${n}`, endDate: '2999-12-31', scopes: ['api'] },
    ],
  },
  {
    action: 'eventRule.add',
    table: 'event_rules',
    change: (n) => [
      'POST',
      '/api/v1/messages/rules/add',
      {
        name: `Rule ${n}`,
        description: 'Jobs that fail',
        events: ['jobFailed'],
        controller: true,
        severity: 'warning',
      },
    ],
  },
  {
    action: 'accessControl.add',
    table: 'acl_entries',
    change: (n) => ['POST', '/api/v1/security/acl', { ipAddress: `192.0.2.${n}`, Description: 'kept' }],
  },
];

describe.each(DIALECTS)('a change and its activity row (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let n = 0;
  const triggers: { name: string; table: string }[] = [];

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
    if (dialect === 'postgres')
      await sql
        .raw(
          `create function refuse_injected() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$`,
        )
        .execute(edge.store.db);
  });
  afterAll(async () => edge?.destroy());

  /** Makes the statements `on` (e.g. 'insert on activity') fail where `when` holds, until healed. */
  async function injectFailure(name: string, on: string, when?: string): Promise<void> {
    const [op, , table] = on.split(' ') as [string, string, string];
    const condition = when ? `when (${when})` : '';
    await sql
      .raw(
        dialect === 'sqlite'
          ? `create trigger ${name} before ${on} ${condition} begin select raise(abort, 'injected'); end`
          : `create trigger ${name} before ${op} on ${table} for each row ${condition} execute function refuse_injected()`,
      )
      .execute(edge.store.db);
    triggers.push({ name, table });
  }

  beforeEach(async () => {
    for (const { name, table } of triggers.splice(0))
      await sql
        .raw(`drop trigger if exists ${name}${dialect === 'postgres' ? ` on ${table}` : ''}`)
        .execute(edge.store.db);
    await edge.store.db.deleteFrom('activity').execute();
  });

  const rows = async (table: string) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(edge.store.db))
        .rows[0]!.n,
    );
  const recorded = async (action: string) =>
    (
      await edge.store.db
        .selectFrom('activity')
        .select('status_code')
        .where('action', '=', action)
        .orderBy('id')
        .execute()
    ).map((r) => r.status_code);
  const groupNamed = (name: string) =>
    edge.store.db.selectFrom('device_groups').selectAll().where('name', '=', name).executeTakeFirst();
  const change = (family: Family) => {
    const [method, url, body] = family.change(++n);
    return admin(method, url, body);
  };

  it.each(FAMILIES)('$action: the change and one row, when both can be written', async (family) => {
    const before = await rows(family.table);
    const res = await change(family);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows(family.table)).toBe(before + 1);
    expect(await recorded(family.action)).toEqual([200]);
  });

  it.each(FAMILIES)('$action: a failed activity write leaves no change', async (family) => {
    const before = await rows(family.table);
    await injectFailure('no_activity', 'insert on activity', `new.action = '${family.action}'`);
    const res = await change(family);
    expect(res.statusCode, res.body).toBe(500);
    expect(await rows(family.table)).toBe(before);
  });

  it.each(FAMILIES)('$action: a failed change leaves no row saying it succeeded', async (family) => {
    const before = await rows(family.table);
    await injectFailure('no_change', `insert on ${family.table}`);
    const res = await change(family);
    expect(res.statusCode, res.body).toBe(500);
    expect(await rows(family.table)).toBe(before);
    expect(await recorded(family.action)).toEqual([500]);
  });

  it('an update and a delete: a failed activity write leaves the group as it was', async () => {
    const existing = (await admin('POST', `${GROUPS}/create`, { name: 'Kept' })).json() as { id: number };
    await injectFailure('no_activity', 'insert on activity', "new.action like 'inventory.group.%'");

    const renamed = await admin('PATCH', `${GROUPS}/edit`, { id: existing.id, name: 'Renamed' });
    expect(renamed.statusCode).toBe(500);
    expect(await groupNamed('Kept')).toBeDefined();
    expect(await groupNamed('Renamed')).toBeUndefined();

    const deleted = await admin('DELETE', `${GROUPS}/delete`, { id: existing.id });
    expect(deleted.statusCode).toBe(500);
    expect(await groupNamed('Kept')).toBeDefined();
  });

  it('an update and a delete that fail record their failure only', async () => {
    const existing = (await admin('POST', `${GROUPS}/create`, { name: 'Fixed' })).json() as { id: number };
    await injectFailure('no_group_update', 'update on device_groups');
    await injectFailure('no_group_delete', 'delete on device_groups');

    expect((await admin('PATCH', `${GROUPS}/edit`, { id: existing.id, name: 'Refused' })).statusCode).toBe(
      500,
    );
    expect((await admin('DELETE', `${GROUPS}/delete`, { id: existing.id })).statusCode).toBe(500);
    expect(await groupNamed('Refused')).toBeUndefined();
    expect(await groupNamed('Fixed')).toBeDefined();
    expect(await recorded('inventory.group.edit')).toEqual([500]);
    expect(await recorded('inventory.group.delete')).toEqual([500]);
  });

  it('a change that finds nothing to change records only its refusal', async () => {
    const res = await admin('PATCH', `${GROUPS}/edit`, { id: 999_999, name: 'Nobody' });
    expect(res.statusCode).toBe(404);
    expect(await recorded('inventory.group.edit')).toEqual([404]);
  });
});
