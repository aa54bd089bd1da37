/**
 * Jump to device end to end: a real `edge-agent` (Linux backend) connected to a test console, and beside it
 * the device's own services, a real HTTP server with a WebSocket server on it, added to the device's
 * jump-to services (`agent/jumptoservices`) first: the console and the agent reach no other port. Through
 * the link: every
 * method with its body both ways, cookies and redirects kept inside the link, the console's own credentials
 * never passed on, a WebSocket whose subprotocol and close code are the device's; and what is refused:
 * another user's link, an expired one, a device in 'OrpheLink Only', port 22 with remote help off, a page
 * of another site. And a page of the device's that names its own root (`/cgi-bin/luci`, `/static/app.js`, a
 * form posting to `/cgi-bin/luci/login` that redirects, `new WebSocket('/ws-echo')`), opened in Chromium
 * through the link: everything it asks for stays inside the link (fallback.ts).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MqttClient } from 'mqtt';
import WebSocket, { WebSocketServer } from 'ws';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SETTINGS_API_ROOT, SETTINGS_STATE_PATH, type SettingsStateResponse } from '@edge/protocol';
import type { TestConsole } from '../testing/harness.ts';
import { waitFor } from '../testing/devices.ts';
import { caller, userWithRole } from '../testing/accounts.ts';
import { consoleWithAgent, handDeviceOnline } from '../testing/terminal.ts';
import { CHROMIUM_PATH } from '../statistics/pdf.ts';
import { jumpTokens } from './tokens.ts';
import { JUMP_COOKIE } from './fallback.ts';

let setup: Awaited<ReturnType<typeof consoleWithAgent>>;
let edge: TestConsole;
let deviceId = '';
let admin: Awaited<ReturnType<typeof consoleWithAgent>>['admin'];
let url = '';
let port = 0;
const hands: MqttClient[] = [];

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Pages of a device's web interface that name its own root, as OpenWrt's LuCI does: a script, a link, a
 * form whose answer redirects, a fetch and a WebSocket, all by absolute paths.
 */
const portalScript = `document.addEventListener('DOMContentLoaded', () => {
  document.body.dataset.script = 'ran';
  fetch('/api/status').then((r) => r.json()).then((j) => { document.body.dataset.fetched = j.url; });
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws-echo');
  ws.onopen = () => ws.send('hello device');
  ws.onmessage = (e) => { if (e.data === 'hello device') document.getElementById('ws').textContent = 'echo ' + e.data; };
});`;
const html = (body: string) =>
  `<!doctype html><html><head><title>device</title></head><body>${body}</body></html>`;
let lastLogin = '';
function portal(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): boolean {
  const page = (text: string) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html(text));
  };
  switch (req.url) {
    case '/portal':
      page(
        '<script src="/static/app.js"></script><a id="luci" href="/cgi-bin/luci">LuCI</a>' +
          '<form method="post" action="/cgi-bin/luci/login"><input name="user" value="root">' +
          '<button id="signin">Sign in</button></form><p id="ws">-</p>',
      );
      return true;
    case '/static/app.js':
      res.setHeader('content-type', 'text/javascript');
      res.end(portalScript);
      return true;
    case '/cgi-bin/luci':
      page('<h1 id="where">LuCI</h1>');
      return true;
    case '/cgi-bin/luci/login':
      if (req.method !== 'POST') return false;
      lastLogin = body.toString();
      res.writeHead(302, {
        location: '/cgi-bin/luci/admin',
        'set-cookie': 'sysauth=s3cret; Path=/cgi-bin/luci',
      });
      res.end();
      return true;
    case '/cgi-bin/luci/admin':
      page(
        `<h1 id="where">admin</h1><p id="login">${lastLogin}</p><p id="cookie">${req.headers.cookie ?? ''}</p>`,
      );
      return true;
    default:
      return false;
  }
}

/** The device's own web interface: says what it was asked, with what body; and a WebSocket echo. */
const web = http.createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (chunk: Buffer) => parts.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(parts);
    if (portal(req, res, body)) return;
    if (req.url === '/login-first') {
      res.writeHead(302, { location: '/login', 'set-cookie': 'devsid=abc; Path=/; HttpOnly' });
      return res.end();
    }
    if (req.url === '/download') {
      res.setHeader('content-type', 'application/octet-stream');
      return res.end(download);
    }
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-device', 'yes');
    res.end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        host: req.headers.host,
        cookie: req.headers.cookie ?? null,
        authorization: req.headers.authorization ?? null,
        csrf: req.headers['x-csrf-token'] ?? null,
        length: body.length,
        sha: sha(body),
        text: body.length < 200 ? body.toString() : '',
      }),
    );
  });
});
const download = Buffer.alloc(3 * 1024 * 1024 + 17, 'device bytes ');
const sockets = new WebSocketServer({
  server: web,
  handleProtocols: (offered) => (offered.has('chat.v1') ? 'chat.v1' : false),
});
sockets.on('connection', (ws, req) => {
  ws.send(JSON.stringify({ hello: req.url, origin: req.headers.origin, cookie: req.headers.cookie ?? null }));
  ws.on('message', (data, isBinary) => {
    if (!isBinary && data.toString() === 'bye') return ws.close(4001, 'device says bye');
    ws.send(data, { binary: isBinary });
  });
});

beforeAll(async () => {
  setup = await consoleWithAgent();
  ({ edge, url, admin, deviceId } = setup);
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  port = (web.address() as AddressInfo).port;
  const call = caller(edge, admin);
  const added = await call('POST', `${SETTINGS_API_ROOT}/agent/jumptoservices/create`, {
    id: deviceId,
    name: 'Device web',
    type: 'HTTP',
    port,
  });
  expect(added.statusCode).toBe(200);
  await waitFor(
    async () => {
      const state = (
        await call('GET', `${SETTINGS_STATE_PATH}?id=${deviceId}`)
      ).json<SettingsStateResponse>();
      const general = state.sections.find((s) => s.section === 'general');
      return (general?.reported as { jumpServices?: { port: number }[] } | null)?.jumpServices?.some(
        (s) => s.port === port,
      );
    },
    'the agent holding the new jump-to service',
    30_000,
  );
}, 120_000);

afterAll(async () => {
  for (const client of sockets.clients) client.terminate();
  web.close();
  for (const hand of hands) hand.end(true);
  await setup?.stop();
});

async function linkTo(target = port): Promise<string> {
  const started = await caller(edge, admin)('POST', '/api/v1/proxy/start', { id: deviceId, port: target });
  expect(started.statusCode).toBe(200);
  return started.json<{ url: string }>().url;
}

/** A request as the browser sends it from the device's page: the session cookie, no CSRF header. */
const fromPage = (link: string, path: string, init: RequestInit = {}) =>
  fetch(`${url}${link}${path}`, {
    ...init,
    redirect: 'manual',
    headers: { cookie: `${admin.cookie}; devsid=abc`, ...(init.headers as Record<string, string>) },
  });

describe('jump to device through the tunnel', () => {
  test('the link fetches a page of a web server behind the agent, for its user only, until it expires', async () => {
    const call = caller(edge, admin);
    const started = await call('POST', '/api/v1/proxy/start', { id: deviceId, port });
    expect(started.statusCode).toBe(200);
    const { url: link, expiresAt } = started.json<{ url: string; expiresAt: number }>();
    expect(expiresAt).toBeGreaterThan(Date.now());
    const page = await call('GET', `${link}status?x=1`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('application/json');
    expect(page.json()).toMatchObject({ method: 'GET', url: '/status?x=1', host: `127.0.0.1:${port}` });

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
    const { hand, client } = await handDeviceOnline(edge, { secureMode: 'OrpheLink Only' });
    hands.push(client);
    const refused = await call('POST', '/api/v1/proxy/start', { id: hand.deviceId });
    expect(refused.statusCode).toBe(403);
  });

  test('every method reaches the device with its body, and the answer comes back whole', async () => {
    const link = await linkTo();
    const json = await fromPage(link, 'api/thing?x=2', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'lan' }),
    });
    expect(json.status).toBe(200);
    expect(json.headers.get('x-device')).toBe('yes');
    expect(await json.json()).toMatchObject({
      method: 'POST',
      url: '/api/thing?x=2',
      text: '{"name":"lan"}',
      // The device's own cookie goes to it; the console's session and CSRF token do not.
      cookie: 'devsid=abc',
      csrf: null,
    });

    const upload = Buffer.alloc(2 * 1024 * 1024 + 5, 'firmware ');
    const put = await fromPage(link, 'upload', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: upload,
    });
    expect(await put.json()).toMatchObject({ method: 'PUT', length: upload.length, sha: sha(upload) });

    const form = await fromPage(link, 'form', {
      method: 'PATCH',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=2',
    });
    expect(await form.json()).toMatchObject({ method: 'PATCH', text: 'a=1&b=2' });
    for (const method of ['DELETE', 'OPTIONS']) {
      const answer = await fromPage(link, 'x', { method });
      expect(await answer.json()).toMatchObject({ method, length: 0 });
    }
    const head = await fromPage(link, 'x', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    const got = Buffer.from(await (await fromPage(link, 'download')).arrayBuffer());
    expect(got.length).toBe(download.length);
    expect(sha(got)).toBe(sha(download));
  });

  test("the device's cookies and redirects stay inside the link; a page of another site is refused", async () => {
    const link = await linkTo();
    const answer = await fromPage(link, 'login-first');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${link}login`);
    expect(answer.headers.get('set-cookie')).toBe(`devsid=abc; HttpOnly; Path=${link}`);

    const forged = await fromPage(link, 'api/thing', {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(forged.status).toBe(403);
  });

  test('a WebSocket through the link: the device picks the protocol, echoes, and closes with its code', async () => {
    const link = await linkTo();
    const ws = new WebSocket(`${url.replace('http:', 'ws:')}${link}live?y=3`, ['chat.v2', 'chat.v1'], {
      headers: { cookie: admin.cookie, origin: url },
    });
    const messages: { data: Buffer; binary: boolean }[] = [];
    ws.on('message', (data: Buffer, binary) => messages.push({ data, binary }));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    expect(ws.protocol).toBe('chat.v1');
    const waitCount = async (n: number) => {
      const deadline = Date.now() + 20_000;
      while (messages.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(messages.length).toBeGreaterThanOrEqual(n);
    };
    await waitCount(1);
    expect(JSON.parse(messages[0]!.data.toString())).toEqual({
      hello: '/live?y=3',
      origin: `http://127.0.0.1:${port}`,
      cookie: null,
    });
    ws.send('ping through the tunnel');
    const big = Buffer.alloc(300 * 1024, 7);
    ws.send(big);
    await waitCount(3);
    expect(messages[1]!.data.toString()).toBe('ping through the tunnel');
    expect(messages[2]!.binary).toBe(true);
    expect(sha(messages[2]!.data)).toBe(sha(big));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.send('bye');
    expect(await closed).toEqual({ code: 4001, reason: 'device says bye' });
  });

  test('a device page naming its own root keeps working inside the link, in Chromium', async () => {
    const link = await linkTo();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
    try {
      const context = await browser.newContext();
      const [name, value] = admin.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url }]);
      const page = await context.newPage();
      await page.goto(`${url}${link}portal`);
      // The script at /static/app.js ran, its fetch('/api/status') reached the device and not the
      // console's API, and its WebSocket to /ws-echo was joined to the device's.
      // (Expressions as text: the server's tests are compiled without the DOM's types.)
      for (const holds of [
        "document.body.dataset.script === 'ran'",
        "document.body.dataset.fetched === '/api/status'",
        "document.getElementById('ws')?.textContent === 'echo hello device'",
      ])
        await page.waitForFunction(holds, null, { timeout: 20_000 });
      await page.click('#luci');
      await page.waitForURL(`${url}${link}cgi-bin/luci`);
      expect(await page.textContent('#where')).toBe('LuCI');
      await page.goBack();
      await page.click('#signin');
      // The form's POST kept its body; the device's redirect and its cookie stayed inside the link.
      await page.waitForURL(`${url}${link}cgi-bin/luci/admin`);
      expect(await page.textContent('#login')).toBe('user=root');
      expect(await page.textContent('#cookie')).toBe('sysauth=s3cret');
    } finally {
      await browser.close();
    }
  }, 90_000);

  test('absolute paths go under the link only from its pages: the Referer, and for a WebSocket the cookie', async () => {
    const link = await linkTo();
    const portalPage = await fromPage(link, 'portal');
    expect(portalPage.headers.get('referrer-policy')).toBe('same-origin');
    expect(portalPage.headers.get('content-security-policy')).toBeNull();
    const jumpCookie = portalPage.headers.getSetCookie().find((c) => c.startsWith(`${JUMP_COOKIE}=`))!;
    expect(jumpCookie).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const token = link.split('/').at(-2)!;
    expect(jumpCookie.split(';')[0]).toBe(`${JUMP_COOKIE}=${token}`);

    const post = await fetch(`${url}/cgi-bin/luci/login?a=1`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: admin.cookie, referer: `${url}${link}portal`, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(post.status).toBe(307);
    expect(post.headers.get('location')).toBe(`${link}cgi-bin/luci/login?a=1`);
    // Without a jump page's Referer (or from another site) the console's own answer.
    const own = await fetch(`${url}/api/v1/proxy/nothing`, { headers: { cookie: admin.cookie } });
    expect(own.status).toBe(404);
    const foreign = await fetch(`${url}/static/app.js`, {
      redirect: 'manual',
      headers: { cookie: admin.cookie, referer: `http://evil.example${link}portal` },
    });
    expect(foreign.status).not.toBe(307);

    const socketAt = (path: string, cookie: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${url.replace('http:', 'ws:')}${path}`, {
          headers: { cookie, origin: url },
        });
        ws.once('message', (data: Buffer) => {
          resolve(String(JSON.parse(data.toString()).hello));
          ws.close();
        });
        ws.once('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
        ws.once('error', (err) => resolve(`error ${err.message}`));
      });
    const withJump = `${admin.cookie}; ${JUMP_COOKIE}=${token}`;
    expect(await socketAt('/ws-echo?z=1', withJump)).toBe('/ws-echo?z=1');
    expect(await socketAt('/ws-echo', admin.cookie)).toBe('refused 404');
    // The console's own sockets are never the device's.
    expect(await socketAt('/websocket/v1/nothing', withJump)).toBe('refused 404');
  });

  test('a WebSocket through another user’s link or from another site is refused before the device', async () => {
    const link = await linkTo();
    const refusedWith = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${url.replace('http:', 'ws:')}${link}live`, { headers });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('open', () => reject(new Error('opened')));
        ws.once('error', reject);
      });
    expect(await refusedWith({ cookie: admin.cookie, origin: 'http://evil.example' })).toBe(403);
    const other = await userWithRole(edge, caller(edge, admin), {
      Inventory: { control: { enable: true }, isManagement: true },
    });
    expect(await refusedWith({ cookie: other.session.cookie, origin: url })).toBe(403);
  });

  test('the jump-to services: listed with their types; a port not among them is refused by console and agent', async () => {
    const call = caller(edge, admin);
    const listed = await call('GET', `${SETTINGS_API_ROOT}/agent/jumptoservices/get?id=${deviceId}`);
    expect(listed.json()).toEqual({
      list: [
        { name: 'Web interface', type: 'HTTP', port: 80 },
        { name: 'Device web', type: 'HTTP', port },
      ],
    });
    const types = await call('GET', `${SETTINGS_API_ROOT}/agent/jumptoservices/type/list?id=${deviceId}`);
    expect(types.json()).toEqual({ list: ['HTTP', 'HTTPS', 'SSH', 'TCP'] });
    const twice = await call('POST', `${SETTINGS_API_ROOT}/agent/jumptoservices/create`, {
      id: deviceId,
      name: 'Again',
      type: 'TCP',
      port,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ err_code: 'jumpServiceDuplicate' });

    const unlisted = await call('POST', '/api/v1/proxy/start', { id: deviceId, port: port + 1 });
    expect(unlisted.statusCode).toBe(403);
    expect(unlisted.json()).toMatchObject({ err_code: 'jumpServiceNotFound' });
    // The agent holds to the same list, whoever asks it.
    await expect(
      edge.rpc.call(
        deviceId,
        'tunnel.open',
        { session: 'f'.repeat(32), kind: 'tcp', port: port + 1, size: { cols: 80, rows: 24 }, window: 1024 },
        { deadlineMs: 15_000 },
      ),
    ).rejects.toThrow(/jump-to services/);
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
