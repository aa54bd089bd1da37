/**
 * The notification list's live channel on SQLite and PostgreSQL: a tab subscribed to its user's key gets the
 * kept list at once and again after every change another tab (another session) makes: an entry added, its
 * progress moved, the list read, the list cleared. Every signed-in user has a list, so even a user with no
 * permissions opens the socket for it; a user never reads another user's key.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIVE_CHANNELS, NOTIFICATIONS_PATH } from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { startListeningConsole } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { openLive, type LiveClient } from '../testing/live.ts';

const entry = (id: string, date: number) => ({
  id,
  level: 'info',
  type: 'job',
  value: `Job ${id}`,
  date,
  progress: 0,
});
const ids = (list: { id: string }[]) => list.map((e) => e.id);

describe.each(DIALECTS)('notification list, live (%s)', (dialect) => {
  let edge: TestConsole;
  let tabA: Caller;
  let adminId: number;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    tabA = caller(edge, await signIn(edge));
    adminId = (await tabA('GET', '/api/v1/settings/account/getAccountInfo')).json<{ id: number }>().id;
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await edge?.destroy();
  });

  test("another tab's changes reach a subscribed tab at once, as the kept list", async () => {
    expect((await tabA('POST', NOTIFICATIONS_PATH, entry('before', 1))).statusCode).toBe(200);
    const tabB = await openLive(edge, (await signIn(edge)).headers(false));
    sockets.push(tabB);
    tabB.subscribe(LIVE_CHANNELS.notifications, [String(adminId)]);
    // First the list as it is.
    const first = await tabB.next(LIVE_CHANNELS.notifications);
    expect(first.key).toBe(String(adminId));
    expect(first.data).toMatchObject({ unread: 1, list: [{ id: 'before', read: false }] });

    expect((await tabA('POST', NOTIFICATIONS_PATH, entry('upload', 2))).statusCode).toBe(200);
    const added = await tabB.next(LIVE_CHANNELS.notifications, (d) => ids(d.list).includes('upload'));
    expect(ids(added.data.list)).toEqual(['upload', 'before']);
    expect(added.data.unread).toBe(2);

    expect((await tabA('PATCH', `${NOTIFICATIONS_PATH}/upload`, { progress: 60 })).statusCode).toBe(200);
    await tabB.next(
      LIVE_CHANNELS.notifications,
      (d) => d.list.find((e) => e.id === 'upload')?.progress === 60,
    );

    expect((await tabA('POST', `${NOTIFICATIONS_PATH}/read`)).statusCode).toBe(200);
    const read = await tabB.next(LIVE_CHANNELS.notifications, (d) => d.unread === 0);
    expect(read.data.list.every((e) => e.read)).toBe(true);

    expect((await tabA('DELETE', NOTIFICATIONS_PATH)).statusCode).toBe(200);
    await tabB.next(LIVE_CHANNELS.notifications, (d) => d.list.length === 0);
  });

  test('a user with no permissions reads their own list live, never another user’s', async () => {
    const nobody = await userWithRole(edge, tabA, {});
    const live = await openLive(edge, nobody.session.headers(false));
    sockets.push(live);
    live.subscribe(LIVE_CHANNELS.notifications, [String(nobody.id), String(adminId)]);
    expect((await live.next(LIVE_CHANNELS.notifications)).data).toEqual({ list: [], unread: 0 });
    const refused = await live.next(LIVE_CHANNELS.live, (d) => 'err_code' in d);
    expect(refused.data).toMatchObject({ err_code: 'forbidden', key: String(adminId) });
    // Neither the inventory's channels (they need its permission).
    live.subscribe(LIVE_CHANNELS.devices, ['']);
    await live.next(LIVE_CHANNELS.live, (d) => 'err_code' in d && d.channel === LIVE_CHANNELS.devices);

    await nobody.call('POST', NOTIFICATIONS_PATH, entry('mine', 3));
    await tabA('POST', NOTIFICATIONS_PATH, entry('admins', 4));
    await live.next(LIVE_CHANNELS.notifications, (d) => ids(d.list).includes('mine'));
    await live.settled();
    expect(
      live.messages.filter((m) => m.key === String(adminId) && m.channel !== LIVE_CHANNELS.live),
    ).toEqual([]);
    expect(JSON.stringify(live.messages)).not.toContain('admins');
  });
});
