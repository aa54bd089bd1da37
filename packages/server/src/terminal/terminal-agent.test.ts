/**
 * The device terminal end to end with a real `edge-agent` (Linux backend, a node-pty login shell) connected
 * to a test console, through the browser's route `/websocket/v1/inventory/terminal`: echo, stty size before
 * and after a resize, the PTY ending when the browser leaves; the session in the activity log and its
 * recording replayable; and what is refused: devices the caller may not see, a device whose secure mode is
 * 'OrpheLink Only', a caller without Inventory, unknown recordings, binary and oversize messages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TERMINAL_API } from '@edge/protocol';
import type { MqttClient } from 'mqtt';
import type { TestConsole } from '../testing/harness.ts';
import { waitFor } from '../testing/devices.ts';
import { caller, userWithRole } from '../testing/accounts.ts';
import { consoleWithAgent, handDeviceOnline, openTerminal } from '../testing/terminal.ts';

let setup: Awaited<ReturnType<typeof consoleWithAgent>>;
let edge: TestConsole;
let deviceId = '';
let admin: Awaited<ReturnType<typeof consoleWithAgent>>['admin'];
let url = '';
const hands: MqttClient[] = [];

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  setup = await consoleWithAgent();
  ({ edge, url, admin, deviceId } = setup);
}, 90_000);

afterAll(async () => {
  for (const hand of hands) hand.end(true);
  await setup?.stop();
});

describe("a real agent's shell through the browser route", () => {
  let session = '';

  test('echo, stty size, resize, and the PTY ends when the browser leaves', async () => {
    const term = await openTerminal(url, deviceId, admin.headers(false));
    term.resize(100, 30);
    const ready = await term.ready;
    session = ready.session;
    expect(ready.readOnly).toBe(false);
    expect(ready.shell).toMatch(/ -l$/);
    term.type('echo "hello-$((6*7))"\r');
    await term.waitFor('hello-42');
    let mark = term.output().length;
    term.type('stty size\r');
    await term.waitFor(/30 100/, mark);
    term.resize(120, 40);
    mark = term.output().length;
    term.type('stty size\r');
    await term.waitFor(/40 120/, mark);
    mark = term.output().length;
    term.type('echo "pid=$$"\r');
    const pid = Number((await term.waitFor(/pid=\d+/, mark)).slice(mark).match(/pid=(\d+)/)![1]);
    expect(pidAlive(pid)).toBe(true);
    term.close();
    await term.closed;
    await waitFor(() => !pidAlive(pid), 'the login shell gone', 10_000);
  });

  test('the session is in the activity log, and its recording replays what the shell printed', async () => {
    const call = caller(edge, admin);
    await waitFor(async () => {
      const res = await call('GET', `${TERMINAL_API}/sessions?id=${deviceId}`);
      const row = res
        .json<{ list: { id: string; endedAt: number | null }[] }>()
        .list.find((r) => r.id === session);
      return row?.endedAt;
    }, 'the session ended in the store');
    const recording = await call('GET', `${TERMINAL_API}/recording?session=${session}`);
    expect(recording.statusCode).toBe(200);
    const lines = recording.json<{ cast: string }>().cast.trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ version: 2, width: 80, height: 24 });
    expect(lines.some((l) => JSON.parse(l)[1] === 'r' && JSON.parse(l)[2] === '120x40')).toBe(true);
    expect(
      lines
        .slice(1)
        .map((l) => JSON.parse(l)[2])
        .join(''),
    ).toContain('hello-42');
    const rows = await edge.store.db
      .selectFrom('activity')
      .select(['action', 'user_name', 'target'])
      .where('action', 'like', 'terminal.%')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['terminal.start', 'terminal.end']));
    expect(rows.every((r) => r.user_name === 'admin' && r.target.includes(deviceId))).toBe(true);
    const unknown = await call('GET', `${TERMINAL_API}/recording?session=${'0'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ err_message: 'Terminal session not found.' });
  });

  test('the shell exiting closes the socket with the reason ended', async () => {
    const term = await openTerminal(url, deviceId, admin.headers(false));
    await term.ready;
    term.type('exit\r');
    expect((await term.closed).code).toBe(1000);
    expect(term.words.at(-1)).toEqual({ type: 'closed', reason: 'ended' });
  });

  test('a role that may see Inventory but not manage it watches: its keystrokes do not reach the shell', async () => {
    const viewer = await userWithRole(edge, caller(edge, admin), {
      Inventory: { control: { enable: true }, isManagement: false },
    });
    const term = await openTerminal(url, deviceId, viewer.session.headers(false));
    expect((await term.ready).readOnly).toBe(true);
    term.type('echo "typed-$((1+1))"\r');
    await new Promise((r) => setTimeout(r, 1000));
    expect(term.output()).not.toContain('typed-2');
    term.close();
    await term.closed;
  });
});

describe('refused cleanly', () => {
  test('unknown or malformed device ids, callers without Inventory, no sign-in', async () => {
    await expect(openTerminal(url, '0123456789abcdef', admin.headers(false))).rejects.toThrow('HTTP 404');
    await expect(openTerminal(url, 'not-a-device', admin.headers(false))).rejects.toThrow('HTTP 400');
    await expect(openTerminal(url, deviceId, {})).rejects.toThrow('HTTP 401');
    const stranger = await userWithRole(edge, caller(edge, admin), {
      Dashboard: { control: { enable: true }, isManagement: true },
    });
    await expect(openTerminal(url, deviceId, stranger.session.headers(false))).rejects.toThrow('HTTP 403');
    await expect(
      openTerminal(url, deviceId, { ...admin.headers(false), origin: 'http://evil.example' }),
    ).rejects.toThrow('HTTP 403');
    expect(edge.terminal.counts().open).toBe(0);
  });

  test("a device in 'OrpheLink Only' secure mode is refused", async () => {
    const { hand, client } = await handDeviceOnline(edge, { secureMode: 'OrpheLink Only' });
    hands.push(client);
    await expect(openTerminal(url, hand.deviceId, admin.headers(false))).rejects.toThrow('HTTP 403');
  });

  test("binary and oversize messages close the socket, and the device's shell with it", async () => {
    const binary = await openTerminal(url, deviceId, admin.headers(false));
    await binary.ready;
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(1007);
    const big = await openTerminal(url, deviceId, admin.headers(false));
    await big.ready;
    big.type('x'.repeat(70 * 1024));
    expect((await big.closed).code).toBe(1009);
    await waitFor(() => edge.terminal.counts().open === 0, 'no session left open');
  });
});
