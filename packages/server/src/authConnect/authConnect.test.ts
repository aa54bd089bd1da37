/**
 * Auth Connect through the API, on SQLite and PostgreSQL, against simulated devices: the SPEC 5 rules
 * (4xx with their words, nothing written); an account pushed to a device and to a group reaches those
 * devices' Wi-Fi section as they report it, and no other; listed by the device's Wi-Fi authentication
 * route and the profile one, and following devices into and out of a chosen group; its password sealed in the database and hidden in every view; edit and
 * delete reach the devices; every change in the activity log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_CONNECT_API,
  SETTINGS_API_ROOT,
  messages,
  type AuthConnectAccountView,
  type SettingsStateResponse,
} from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, type Caller } from '../testing/accounts.ts';
import { startConsoleWithFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';

const SECRET = 'Hotspot-pass-77';

describe.each(DIALECTS)('Auth Connect (%s)', (dialect) => {
  let edge: TestConsole;
  let fleet: Child;
  let admin: Caller;
  /** [alone, grouped, grouped, elsewhere] */
  let ids: string[] = [];
  let groupId = 0;

  beforeAll(async () => {
    const prefix = uniquePrefix();
    const started = await startConsoleWithFleet(dialect, {
      count: 4,
      prefix,
      models: ['RUT-X11 4G Gateway'],
      entries: (_serial, i) => (i === 1 || i === 2 ? { group: 'Hotspots' } : {}),
    });
    edge = started.edge;
    fleet = started.fleet;
    admin = caller(edge, started.session);
    const devices = edge.devices.list().sort((a, b) => a.serial.localeCompare(b.serial));
    ids = devices.map((d) => d.id);
    groupId = devices[1]!.groupId!;
    // Each device reports its sections just after it comes online: a snapshot taken before they all landed
    // would count them as written by the test.
    await waitFor(
      async () => {
        for (const id of ids)
          if ((await edge.deviceConfig.state(id)).sections.some((s) => s.reported === null)) return false;
        return true;
      },
      'every section of the fleet reported',
      60_000,
    );
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
  });

  /** The accounts a device reports holding (the simulator's own document), in sync with the console's. */
  const reportedNames = async (id: string): Promise<string[] | undefined> => {
    const res = await admin('GET', `${SETTINGS_API_ROOT}/state?id=${id}&section=wifi`);
    const view = res.json<SettingsStateResponse>().sections[0];
    if (view?.state !== 'in_sync' || view.reportedVersion !== view.desiredVersion) return undefined;
    const doc = view.reported as { accounts: { name: string; password: string }[] } | null;
    for (const a of doc?.accounts ?? []) expect(a.password).not.toBe(SECRET);
    return (doc?.accounts ?? []).map((a) => a.name).sort();
  };
  const settle = (id: string, names: string[]) =>
    waitFor(
      async () => JSON.stringify(await reportedNames(id)) === JSON.stringify(names),
      `${id} reporting ${names.join(',')}`,
      30_000,
    );

  it('refuses what breaks the SPEC 5 rules, writing nothing', async () => {
    const before = await snapshot(edge);
    for (const [body, code] of [
      [{ name: '', password: 'a', confirmPassword: 'a' }, 'authConnectNameEmpty'],
      [{ name: 'guest', password: '', confirmPassword: '' }, 'authConnectPasswordEmpty'],
      [{ name: 'guest', password: 'a', confirmPassword: '' }, 'authConnectConfirmEmpty'],
      [{ name: 'guest', password: 'a', confirmPassword: 'b' }, 'authConnectPasswordMismatch'],
      [{ name: 'gu est', password: 'a', confirmPassword: 'a' }, 'authConnectNameFormat'],
    ] as const) {
      const res = await admin('POST', `${AUTH_CONNECT_API}/create`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ err_code: code, err_message: messages[code] });
    }
    const unknown = await admin('POST', `${AUTH_CONNECT_API}/create`, {
      name: 'guest',
      password: 'a',
      confirmPassword: 'a',
      deviceIds: ['00000000000000ff'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot(edge)).toBe(before);
  });

  it('pushes an account to a device and a group, sealed at rest, hidden in views', async () => {
    const res = await admin('POST', `${AUTH_CONNECT_API}/create`, {
      name: 'guest',
      password: SECRET,
      confirmPassword: SECRET,
      deviceIds: [ids[0]],
      groupIds: [groupId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json<AuthConnectAccountView>();
    expect(account).toMatchObject({ name: 'guest', deviceIds: [ids[0]], groupIds: [groupId] });
    expect(JSON.stringify(account)).not.toContain(SECRET);
    const row = await edge.store.db.selectFrom('auth_connect_accounts').selectAll().executeTakeFirstOrThrow();
    expect(row.sealed_password).not.toContain(SECRET);

    for (const id of ids.slice(0, 3)) await settle(id, ['guest']);
    expect(await reportedNames(ids[3]!)).toEqual([]);

    const listed = await admin('GET', `${SETTINGS_API_ROOT}/wifi/authentication/list?id=${ids[1]}`);
    expect(listed.json()).toEqual({ list: [], accounts: [{ name: 'guest' }] });
    const loaded = await admin('GET', `${SETTINGS_API_ROOT}/wifi/loadConfig?id=${ids[1]}`);
    expect(loaded.body).not.toContain(SECRET);
    const taken = await admin('POST', `${AUTH_CONNECT_API}/create`, {
      name: 'guest',
      password: 'x',
      confirmPassword: 'x',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ err_code: 'authConnectNameTaken' });

    // Groups are chosen, not the devices they held: a device moved in gets it, moved out loses it.
    const assign = (gid: number | null) =>
      admin('PATCH', '/api/v1/inventory/group/assign', { groupId: gid, deviceIds: [ids[3]] });
    expect((await assign(groupId)).statusCode).toBe(200);
    await settle(ids[3]!, ['guest']);
    expect((await assign(null)).statusCode).toBe(200);
    await settle(ids[3]!, []);
  }, 90_000);

  it('edits (rename, fewer targets) and deletes, the devices following; all in the activity log', async () => {
    const [account] = (await admin('GET', `${AUTH_CONNECT_API}/list`)).json<{
      list: AuthConnectAccountView[];
    }>().list;
    const edited = await admin('PATCH', `${AUTH_CONNECT_API}/edit`, {
      id: account!.id,
      name: 'lobby',
      deviceIds: [ids[3]],
      groupIds: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await settle(ids[3]!, ['lobby']);
    for (const id of ids.slice(0, 3)) await settle(id, []);

    const removed = await admin('DELETE', `${AUTH_CONNECT_API}/delete`, { id: account!.id });
    expect(removed.json()).toEqual({ message: messages.authConnectDeleted });
    await settle(ids[3]!, []);
    expect((await admin('GET', `${AUTH_CONNECT_API}/list`)).json()).toEqual({ list: [] });

    const log = (await admin('GET', '/api/v1/settings/activity/list?pageSize=50')).json<{
      list: { action: string }[];
    }>();
    const actions = log.list.map((r) => r.action);
    for (const action of ['authConnect.create', 'authConnect.edit', 'authConnect.delete'])
      expect(actions).toContain(action);
  }, 90_000);
});
