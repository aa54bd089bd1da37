/**
 * The device terminal end to end with a real `edge-agent` (Linux backend, a node-pty login shell) connected
 * to a test console, through the browser's route `/websocket/v1/inventory/terminal`: echo, stty size before
 * and after a resize, the PTY ending when the browser leaves; the session in the activity log and its
 * recording replayable; and what is refused: devices the caller may not see, a device whose secure mode is
 * 'OrpheLink Only', a caller without Inventory, unknown recordings, binary and oversize messages.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deviceTopic, TERMINAL_API } from '@edge/protocol';
import { TEST_CLAIM_CODE, signIn, type TestConsole } from '../testing/harness.ts';
import {
  connectAs,
  consoleUrl,
  enrolByHand,
  mqttUrl,
  startAgent,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type Child,
} from '../testing/devices.ts';
import { caller, userWithRole } from '../testing/accounts.ts';
import { openTerminal } from '../testing/terminal.ts';
import { jumpTokens } from '../proxy/tokens.ts';

let edge: TestConsole;
let agent: Child;
let stateDir = '';
let deviceId = '';
let admin: Awaited<ReturnType<typeof signIn>>;
let url = '';
const hands: MqttClient[] = [];
let orpheLinkOnly = '';
/** A web interface on the agent's machine, as a router's own page. */
const web = http.createServer((req, res) => {
  res.setHeader('content-type', 'text/html');
  res.end(`<h1>device web ui</h1><p>${req.method} ${req.url}</p>`);
});

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  edge = await startListeningConsole('sqlite');
  url = consoleUrl(edge);
  admin = await signIn(edge);
  const serial = `${uniquePrefix()}-PTY`;
  await edge.enrolment.provision([{ serial, claimCode: TEST_CLAIM_CODE }]);
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-terminal-agent-'));
  agent = startAgent({ console: url, serial, stateDir, interval: 5 });
  deviceId = await waitFor(
    () => edge.devices.list().find((d) => d.serial === serial && d.online && d.capabilities.length > 0)?.id,
    'the agent online',
    60_000,
  );
}, 90_000);

afterAll(async () => {
  web.close();
  for (const hand of hands) hand.end(true);
  await agent?.stop();
  await edge?.destroy();
  fs.rmSync(stateDir, { recursive: true, force: true });
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
    const serial = `${uniquePrefix()}-ORPHE`;
    await edge.enrolment.provisionSerials([serial]);
    const hand = await enrolByHand(mqttUrl(edge), serial);
    const client = await connectAs(mqttUrl(edge), hand);
    hands.push(client);
    const hello = {
      serial,
      model: 'Hand Device',
      firmware: '1',
      hostname: 'hand',
      capabilities: [],
      interfaces: [],
      reportInterval: 30,
      ip: '127.0.0.1',
      mac: '02:00:00:00:00:01',
      secureMode: 'OrpheLink Only',
    };
    await client.publishAsync(deviceTopic(hand.deviceId, 'hello'), JSON.stringify(hello), { qos: 1 });
    await waitFor(() => edge.devices.get(hand.deviceId)?.secureMode === 'OrpheLink Only', 'OrpheLink Only');
    await expect(openTerminal(url, hand.deviceId, admin.headers(false))).rejects.toThrow('HTTP 403');
    orpheLinkOnly = hand.deviceId;
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

describe('jump to device through the tunnel', () => {
  test('the link fetches a page of a web server behind the agent, for its user only, until it expires', async () => {
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const port = (web.address() as AddressInfo).port;
    const call = caller(edge, admin);
    const started = await call('POST', '/api/v1/proxy/start', { id: deviceId, port });
    expect(started.statusCode).toBe(200);
    const { url: link, expiresAt } = started.json<{ url: string; expiresAt: number }>();
    expect(expiresAt).toBeGreaterThan(Date.now());
    const page = await call('GET', `${link}status?x=1`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toBe('<h1>device web ui</h1><p>GET /status?x=1</p>');

    // Another user, even one who may manage Inventory, gets nothing from it.
    const other = await userWithRole(edge, call, {
      Inventory: { control: { enable: true }, isManagement: true },
    });
    expect((await other.call('GET', link)).statusCode).toBe(403);
    // Nor does anyone after it expired.
    const stale = jumpTokens(edge.secrets).make({ deviceId, userId: 1, port, until: Date.now() - 1 });
    const expired = await call('GET', `/api/v1/proxy/jump/${stale}/`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ err_message: 'This jump link is invalid or has expired.' });
    // A device in 'OrpheLink Only' gets no link.
    expect(orpheLinkOnly).not.toBe('');
    const refused = await call('POST', '/api/v1/proxy/start', { id: orpheLinkOnly });
    expect(refused.statusCode).toBe(403);
  });

  test('remote help off refuses port 22; on, the link is given', async () => {
    const call = caller(edge, admin);
    const off = await call('POST', '/api/v1/proxy/start', { id: deviceId, port: 22 });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ err_code: 'remoteHelpOff' });
    await edge.deviceConfig.change(deviceId, 'general', (doc) => ({ ...doc, remoteHelp: true }), 'admin');
    const on = await call('POST', '/api/v1/proxy/start', { id: deviceId, port: 22 });
    expect(on.statusCode).toBe(200);
    await edge.deviceConfig.change(deviceId, 'general', (doc) => ({ ...doc, remoteHelp: false }), 'admin');
    const link = on.json<{ url: string }>().url;
    expect((await call('GET', link)).statusCode).toBe(403);
  });
});
