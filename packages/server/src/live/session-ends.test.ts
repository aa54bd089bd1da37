/**
 * Ending a session ends its live sockets at once, on SQLite and PostgreSQL: signing out closes that
 * session's socket (not the same user's other session), suspending or deleting a user closes all of theirs.
 * The route's own look at the caller comes only every minute: these must close within a couple of seconds.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIVE_CHANNELS } from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { USER_PASSWORD, caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { startListeningConsole } from '../testing/devices.ts';
import { openLive, type LiveClient } from '../testing/live.ts';
import { CLOSE_SIGNED_OUT } from './hub.ts';

const PROMPTLY_MS = 2000;
const viewer = { Inventory: { control: { enable: true }, isManagement: false } };

/** The close code, or 'open' when the socket is still open after PROMPTLY_MS. */
const closedPromptly = (live: LiveClient) =>
  Promise.race([live.closed, new Promise<'open'>((r) => setTimeout(() => r('open'), PROMPTLY_MS))]);

describe.each(DIALECTS)('live sockets end with their session (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  const clients: LiveClient[] = [];
  const open = async (cookie: string) => {
    const live = await openLive(edge, { cookie });
    clients.push(live);
    live.subscribe(LIVE_CHANNELS.devices, ['']);
    await live.next(LIVE_CHANNELS.devices);
    return live;
  };

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await edge?.destroy();
  });

  test("signing out closes that session's socket at once, not the user's other session's", async () => {
    const user = await userWithRole(edge, admin, viewer);
    const other = await signIn(edge, user.name, USER_PASSWORD);
    const signingOut = await open(user.session.cookie);
    const staying = await open(other.cookie);

    const res = await user.call('POST', '/api/v1/auth/logout');
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedPromptly(signingOut)).toBe(CLOSE_SIGNED_OUT);
    expect(await closedPromptly(staying)).toBe('open');
    await expect(openLive(edge, { cookie: user.session.cookie })).rejects.toThrow('HTTP 401');
  });

  test('suspending a user closes every socket of theirs', async () => {
    const user = await userWithRole(edge, admin, viewer);
    const second = await signIn(edge, user.name, USER_PASSWORD);
    const sockets = [await open(user.session.cookie), await open(second.cookie)];
    const res = await admin('PATCH', '/api/v1/settings/account/users/suspend', { id: user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await Promise.all(sockets.map(closedPromptly))).toEqual([CLOSE_SIGNED_OUT, CLOSE_SIGNED_OUT]);
  });

  test('deleting a user closes their socket', async () => {
    const user = await userWithRole(edge, admin, viewer);
    const live = await open(user.session.cookie);
    const res = await admin('DELETE', '/api/v1/settings/account/users', { id: user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closedPromptly(live)).toBe(CLOSE_SIGNED_OUT);
  });
});
