/**
 * A change and its activity row are one transaction (recordWithChange), for the group routes as for settings
 * writes: a failure of either stores neither. The failures are injected into a real SQLite store with triggers
 * that refuse one insert or update, the way a full disk or a broken constraint would.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';

const GROUPS = '/api/v1/inventory/group';

let edge: TestConsole;
let admin: Caller;

beforeAll(async () => {
  edge = await startTestConsole('sqlite');
  admin = caller(edge, await signIn(edge));
});
afterAll(async () => edge?.destroy());

/** Makes the next statements of this kind fail (a trigger raising), until `heal`. */
async function injectFailure(name: string, on: string, when = '1'): Promise<void> {
  await sql
    .raw(`create trigger ${name} before ${on} when ${when} begin select raise(abort, 'injected'); end`)
    .execute(edge.store.db);
}
const heal = (name: string) => sql.raw(`drop trigger if exists ${name}`).execute(edge.store.db);

const groupNamed = (name: string) =>
  edge.store.db.selectFrom('device_groups').selectAll().where('name', '=', name).executeTakeFirst();
const recorded = async (action: string) =>
  (
    await edge.store.db
      .selectFrom('activity')
      .select('status_code')
      .where('action', '=', action)
      .orderBy('id')
      .execute()
  ).map((r) => r.status_code);

beforeEach(async () => {
  for (const name of ['no_activity', 'no_group_insert', 'no_group_update', 'no_group_delete'])
    await heal(name);
  await edge.store.db.deleteFrom('activity').execute();
});

describe('a group change and its activity row', () => {
  it('are recorded together when both can be written', async () => {
    const res = await admin('POST', `${GROUPS}/create`, { name: 'Together' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await groupNamed('Together')).toBeDefined();
    expect(await recorded('inventory.group.create')).toEqual([200]);
  });

  it('a failed activity write leaves no change: create, rename and delete', async () => {
    const existing = (await admin('POST', `${GROUPS}/create`, { name: 'Kept' })).json() as { id: number };
    await injectFailure('no_activity', 'insert on activity', "new.action like 'inventory.group.%'");

    const created = await admin('POST', `${GROUPS}/create`, { name: 'Never' });
    expect(created.statusCode).toBe(500);
    expect(await groupNamed('Never')).toBeUndefined();

    const renamed = await admin('PATCH', `${GROUPS}/edit`, { id: existing.id, name: 'Renamed' });
    expect(renamed.statusCode).toBe(500);
    expect(await groupNamed('Kept')).toBeDefined();
    expect(await groupNamed('Renamed')).toBeUndefined();

    const deleted = await admin('DELETE', `${GROUPS}/delete`, { id: existing.id });
    expect(deleted.statusCode).toBe(500);
    expect(await groupNamed('Kept')).toBeDefined();
  });

  it('a failed change leaves no activity row saying it succeeded', async () => {
    const existing = (await admin('POST', `${GROUPS}/create`, { name: 'Fixed' })).json() as { id: number };
    await injectFailure('no_group_insert', 'insert on device_groups');
    await injectFailure('no_group_update', 'update on device_groups');
    await injectFailure('no_group_delete', 'delete on device_groups');

    expect((await admin('POST', `${GROUPS}/create`, { name: 'Refused' })).statusCode).toBe(500);
    expect((await admin('PATCH', `${GROUPS}/edit`, { id: existing.id, name: 'Refused' })).statusCode).toBe(
      500,
    );
    expect((await admin('DELETE', `${GROUPS}/delete`, { id: existing.id })).statusCode).toBe(500);
    expect(await groupNamed('Refused')).toBeUndefined();
    expect(await groupNamed('Fixed')).toBeDefined();
    // Each failure is logged as what it was; none as a success.
    expect(await recorded('inventory.group.create')).toEqual([200, 500]);
    expect(await recorded('inventory.group.edit')).toEqual([500]);
    expect(await recorded('inventory.group.delete')).toEqual([500]);
  });

  it('a change that finds nothing to change records only its refusal', async () => {
    const res = await admin('PATCH', `${GROUPS}/edit`, { id: 999_999, name: 'Nobody' });
    expect(res.statusCode).toBe(404);
    expect(await recorded('inventory.group.edit')).toEqual([404]);
  });
});
