/**
 * Jump to device end to end: a real `edge-agent` (Linux backend) connected to a test console, and beside it
 * the device's own services, a real HTTP server with a WebSocket server on it, added to the device's
 * jump-to services (`agent/jumptoservices`) first: the console and the agent reach no other port. A link
 * opens on a host of its own (`j-<link>.localhost`, the console being reached as 127.0.0.1): through it
 * every method with its body both ways, the device's cookies and redirects as they are, a WebSocket whose
 * subprotocol and close code are the device's, a LuCI-like page naming its own root in Chromium; and what is
 * refused: another user's link, an expired one, a device in 'OrpheLink Only', port 22 with remote help off,
 * a page of another site, a console with no jump domain. And what the host of its own is for: a script on
 * the device's page cannot read the console's API, the console's session cookie never reaches the jump
 * host, and no path of the jump host is the console's.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import type { MqttClient } from 'mqtt';
import WebSocket, { WebSocketServer } from 'ws';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SETTINGS_API_ROOT, SETTINGS_STATE_PATH, type SettingsStateResponse } from '@edge/protocol';
import { ADMIN_PASSWORD, type TestConsole } from '../testing/harness.ts';
import { waitFor } from '../testing/devices.ts';
import { caller, userWithRole } from '../testing/accounts.ts';
import { consoleWithAgent, handDeviceOnline } from '../testing/terminal.ts';
import { CHROMIUM_PATH } from '../statistics/pdf.ts';
import { jumpTokens } from './tokens.ts';
import { JUMP_COOKIE } from './cookie.ts';

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
      res.writeHead(302, {
        location: `http://127.0.0.1:${port}/login`,
        'set-cookie': 'devsid=abc; Path=/; Domain=localhost; HttpOnly',
      });
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

/** Node resolves no `*.localhost` name (browsers do, RFC 6761): here every jump host is the loopback. */
const loopback = ((_host: string, options: { all?: boolean }, done: (...args: unknown[]) => void) =>
  options.all
    ? done(null, [{ address: '127.0.0.1', family: 4 }])
    : done(null, '127.0.0.1', 4)) as unknown as LookupFunction;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

/** One request, its answer read whole; redirects are not followed. */
function ask(
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      { method: init.method ?? 'GET', headers: init.headers, lookup: loopback },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(parts);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: () => JSON.parse(body.toString()),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

async function linkTo(target = port): Promise<string> {
  const started = await caller(edge, admin)('POST', '/api/v1/proxy/start', { id: deviceId, port: target });
  expect(started.statusCode).toBe(200);
  return started.json<{ url: string }>().url;
}

/**
 * Opens a link as its user's browser does: the console's origin (the session) redirects to the link's own
 * host with a pass, which the host exchanges for the link's cookie.
 */
async function enter(link: string, session = admin.cookie) {
  const entered = await ask(`${url}${link}`, { headers: { cookie: session } });
  expect(entered.status).toBe(302);
  const pass = new URL(String(entered.headers.location));
  const taken = await ask(pass.href);
  expect(taken.status).toBe(303);
  expect(taken.headers.location).toBe('/');
  const setCookie = taken.headers['set-cookie']![0]!;
  return { origin: pass.origin, cookie: setCookie.split(';')[0]!, setCookie, pass: pass.href };
}

/** A request as the browser sends it from the device's page on the link's host: the link's cookie. */
const onHost = (
  jump: { origin: string; cookie: string },
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
) =>
  ask(`${jump.origin}${path}`, {
    ...init,
    headers: { cookie: `${jump.cookie}; devsid=abc`, ...init.headers },
  });

function socketAt(
  target: string,
  headers: Record<string, string>,
  protocols: string[] = [],
): Promise<{ ws: WebSocket; first: string } | { refused: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(target, protocols, { headers, lookup: loopback });
    ws.once('message', (data: Buffer) => resolve({ ws, first: data.toString() }));
    ws.once('unexpected-response', (_req, res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () => resolve({ refused: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
    });
    ws.once('error', reject);
  });
}

describe('jump to device through the tunnel, on a host of its own', () => {
  test('the link opens on its own host, for its user only, until it expires; OrpheLink Only is refused', async () => {
    const call = caller(edge, admin);
    const started = await call('POST', '/api/v1/proxy/start', { id: deviceId, port });
    expect(started.statusCode).toBe(200);
    const { url: link, expiresAt } = started.json<{ url: string; expiresAt: number }>();
    expect(link).toMatch(/^\/api\/v1\/proxy\/enter\/[^/]+$/);
    expect(expiresAt).toBeGreaterThan(Date.now());
    const jump = await enter(link);
    const consolePort = new URL(url).port;
    expect(jump.origin).toMatch(new RegExp(`^http://j-[a-z2-7]{26}\\.localhost:${consolePort}$`));
    // Host-only (no Domain), unreadable by the device's scripts, not sent along by another site's page.
    expect(jump.setCookie).toMatch(
      new RegExp(`^${JUMP_COOKIE}=[^;]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
    );
    const page = await onHost(jump, '/status?x=1');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('application/json');
    expect(page.json()).toMatchObject({
      method: 'GET',
      url: '/status?x=1',
      host: `127.0.0.1:${port}`,
      cookie: 'devsid=abc',
    });

    // The pass is good once; without the link's cookie, or with another link's, the host gives nothing.
    expect((await ask(jump.pass)).status).toBe(403);
    expect((await ask(`${jump.origin}/status`)).json()).toMatchObject({ err_code: 'jumpLinkInvalid' });
    const second = await enter(await linkTo());
    expect((await ask(`${second.origin}/status`, { headers: { cookie: jump.cookie } })).status).toBe(403);

    // Another user, even one who may manage Inventory, gets no pass from the link.
    const other = await userWithRole(edge, call, {
      Inventory: { control: { enable: true }, isManagement: true },
    });
    const otherEnters = await ask(`${url}${link}`, { headers: { cookie: other.session.cookie } });
    expect(otherEnters.status).toBe(403);
    expect(otherEnters.headers.location).toBeUndefined();
    // Nor does anyone after it expired: the link, or the cookie on its host.
    const tokens = jumpTokens(edge.secrets);
    const linkId = jump.origin.slice('http://j-'.length, jump.origin.indexOf('.'));
    const stale = { link: linkId, deviceId, userId: 1, port, until: Date.now() - 1 };
    const expired = await ask(`${url}/api/v1/proxy/enter/${tokens.link.make(stale)}`, {
      headers: { cookie: admin.cookie },
    });
    expect(expired.status).toBe(403);
    expect(expired.json()).toMatchObject({ err_message: 'This jump link is invalid or has expired.' });
    const staleCookie = `${JUMP_COOKIE}=${tokens.cookie.make(stale)}`;
    expect((await ask(`${jump.origin}/status`, { headers: { cookie: staleCookie } })).status).toBe(403);
    // A link token is no cookie: each is sealed for its own purpose.
    const linkAsCookie = `${JUMP_COOKIE}=${tokens.link.make({ ...stale, until: Date.now() + 60_000 })}`;
    expect((await ask(`${jump.origin}/status`, { headers: { cookie: linkAsCookie } })).status).toBe(403);

    // A device in 'OrpheLink Only' gets no link, and a cookie made for it opens nothing on its host.
    const { hand, client } = await handDeviceOnline(edge, { secureMode: 'OrpheLink Only' });
    hands.push(client);
    const refused = await call('POST', '/api/v1/proxy/start', { id: hand.deviceId });
    expect(refused.statusCode).toBe(403);
    const orphe = { link: linkId, deviceId: hand.deviceId, userId: 1, port: 80, until: Date.now() + 60_000 };
    const locked = await ask(`${jump.origin}/`, {
      headers: { cookie: `${JUMP_COOKIE}=${tokens.cookie.make(orphe)}` },
    });
    expect(locked.status).toBe(403);
    expect(locked.json()).toMatchObject({ err_code: 'secureModeRefusesAccess' });
  });

  test('a console reached by a name with no jump domain says so rather than serve the device on its origin', async () => {
    const call = caller(edge, admin);
    const refused = await call(
      'POST',
      '/api/v1/proxy/start',
      { id: deviceId, port },
      { host: 'console.example.com' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      err_code: 'jumpDomainMissing',
      err_message: expect.stringContaining('JUMP_DOMAIN'),
    });
    // Reached as localhost, the link's host is under it.
    const local = await call(
      'POST',
      '/api/v1/proxy/start',
      { id: deviceId, port },
      { host: 'localhost:8080' },
    );
    expect(local.statusCode).toBe(200);
    const entered = await call('GET', local.json<{ url: string }>().url, undefined, {
      host: 'localhost:8080',
    });
    expect(entered.statusCode).toBe(302);
    expect(String(entered.headers.location)).toMatch(
      /^http:\/\/j-[a-z2-7]{26}\.localhost:8080\/\.edge-jump\/pass\?p=/,
    );
  });

  test("no path of the jump host is the console's: its API, its sockets and /mqtt are the device's there", async () => {
    const jump = await enter(await linkTo());
    for (const path of [
      '/api/v1/settings/account/getAccountInfo',
      '/api/v1/proxy/start',
      '/',
      '/index.html',
    ]) {
      const answer = await onHost(jump, path, { headers: { cookie: `${jump.cookie}; ${admin.cookie}` } });
      expect(answer.headers['x-device'], path).toBe('yes');
      expect(answer.json(), path).toMatchObject({ url: path });
    }
    const ws = (path: string) => `${jump.origin.replace('http:', 'ws:')}${path}`;
    for (const path of ['/websocket/v1/inventory/terminal?id=x', '/mqtt']) {
      const opened = await socketAt(ws(path), { cookie: jump.cookie, origin: jump.origin });
      expect('first' in opened && JSON.parse(opened.first).hello, path).toBe(path);
      if ('ws' in opened) opened.ws.close();
    }
  });

  test('every method reaches the device with its body, and the answer comes back whole', async () => {
    const jump = await enter(await linkTo());
    const json = await onHost(jump, '/api/thing?x=2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: jump.origin },
      body: JSON.stringify({ name: 'lan' }),
    });
    expect(json.status).toBe(200);
    expect(json.headers['x-device']).toBe('yes');
    // The device's own cookie goes to it; the link's cookie does not.
    expect(json.json()).toMatchObject({
      method: 'POST',
      url: '/api/thing?x=2',
      text: '{"name":"lan"}',
      cookie: 'devsid=abc',
    });

    const upload = Buffer.alloc(2 * 1024 * 1024 + 5, 'firmware ');
    const put = await onHost(jump, '/upload', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: upload,
    });
    expect(put.json()).toMatchObject({ method: 'PUT', length: upload.length, sha: sha(upload) });

    const form = await onHost(jump, '/form', {
      method: 'PATCH',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=2',
    });
    expect(form.json()).toMatchObject({ method: 'PATCH', text: 'a=1&b=2' });
    for (const method of ['DELETE', 'OPTIONS']) {
      const answer = await onHost(jump, '/x', { method });
      expect(answer.json()).toMatchObject({ method, length: 0 });
    }
    const head = await onHost(jump, '/x', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const got = (await onHost(jump, '/download')).body;
    expect(got.length).toBe(download.length);
    expect(sha(got)).toBe(sha(download));
  });

  test("the device's cookies stay on its host and its redirects to its loopback on the link; another site is refused", async () => {
    const jump = await enter(await linkTo());
    const answer = await onHost(jump, '/login-first');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/login');
    expect(answer.headers['set-cookie']).toEqual(['devsid=abc; Path=/; HttpOnly']);

    const forged = await onHost(jump, '/api/thing', {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(forged.status).toBe(403);
    expect(forged.json()).toMatchObject({ err_code: 'csrfRefused' });
  });

  test('a WebSocket through the link: the device picks the protocol, echoes, and closes with its code', async () => {
    const jump = await enter(await linkTo());
    const ws = new WebSocket(`${jump.origin.replace('http:', 'ws:')}/live?y=3`, ['chat.v2', 'chat.v1'], {
      headers: { cookie: jump.cookie, origin: jump.origin },
      lookup: loopback,
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

  test("a WebSocket without the link's cookie or from another site is refused before the device", async () => {
    const jump = await enter(await linkTo());
    const target = `${jump.origin.replace('http:', 'ws:')}/live`;
    const foreign = await socketAt(target, { cookie: jump.cookie, origin: 'http://evil.example' });
    expect(foreign).toMatchObject({ refused: 403 });
    const without = await socketAt(target, { cookie: admin.cookie, origin: jump.origin });
    expect(without).toMatchObject({ refused: 403 });
    expect(JSON.parse((without as { body: string }).body)).toMatchObject({ err_code: 'jumpLinkInvalid' });
  });

  test("in Chromium: a LuCI-like page naming its own root works on the link's host, and its scripts cannot use the console", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
    try {
      const context = await browser.newContext();
      // The operator signs in on the console as localhost: the cookie is the console's own, as it sets it.
      const consoleOrigin = url.replace('127.0.0.1', 'localhost');
      const signedIn = await context.request.post(`${consoleOrigin}/api/v1/auth/login`, {
        data: { name: 'admin', password: ADMIN_PASSWORD },
      });
      expect(signedIn.status()).toBe(200);
      const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
      const started = await context.request.post(`${consoleOrigin}/api/v1/proxy/start`, {
        data: { id: deviceId, port },
        headers: { 'x-csrf-token': csrfToken },
      });
      expect(started.status()).toBe(200);
      const link = ((await started.json()) as { url: string }).url;

      const page = await context.newPage();
      // What the console's own page can read with its session: the check below can fail.
      await page.goto(`${consoleOrigin}/api/v1/settings/account/getAccountInfo`);
      const apiUrl = `${consoleOrigin}/api/v1/settings/account/getAccountInfo`;
      const readApi = `fetch(${JSON.stringify(apiUrl)}, { credentials: 'include', referrerPolicy: 'no-referrer' })
        .then((r) => r.text()).catch((e) => 'refused: ' + e.message)`;
      expect(await page.evaluate(readApi)).toContain('admin');

      await page.goto(`${consoleOrigin}${link}`);
      const origin = new URL(page.url()).origin;
      expect(origin).toMatch(/^http:\/\/j-[a-z2-7]{26}\.localhost:\d+$/);
      await page.goto(`${origin}/portal`);
      // The script at /static/app.js ran, its fetch('/api/status') and its WebSocket to /ws-echo reached
      // the device. (Expressions as text: the server's tests are compiled without the DOM's types.)
      for (const holds of [
        "document.body.dataset.script === 'ran'",
        "document.body.dataset.fetched === '/api/status'",
        "document.getElementById('ws')?.textContent === 'echo hello device'",
      ])
        await page.waitForFunction(holds, null, { timeout: 20_000 });

      // The device's script cannot read the console's API with the operator's session, nor see its cookie.
      expect(await page.evaluate(readApi)).toMatch(/^refused: /);
      const opaque = `fetch(${JSON.stringify(apiUrl)}, { credentials: 'include', mode: 'no-cors' })
        .then((r) => r.type + ' ' + r.status).catch((e) => 'refused: ' + e.message)`;
      expect(await page.evaluate(opaque)).toMatch(/^(opaque 0|refused: )/);
      expect(await page.evaluate('document.cookie')).toBe('');

      await page.click('#luci');
      await page.waitForURL(`${origin}/cgi-bin/luci`);
      expect(await page.textContent('#where')).toBe('LuCI');
      await page.goBack();
      await page.click('#signin');
      // The form's POST kept its body; the device's redirect and cookie stayed on its host, and the
      // console's session cookie was not sent there (nor the link's own passed on to the device).
      await page.waitForURL(`${origin}/cgi-bin/luci/admin`);
      expect(await page.textContent('#login')).toBe('user=root');
      expect(await page.textContent('#cookie')).toBe('sysauth=s3cret');
      const sent = await page.evaluate(
        `fetch('/echo-cookie', { credentials: 'include' }).then((r) => r.json()).then((j) => j.cookie)`,
      );
      expect(sent).toBeNull();
    } finally {
      await browser.close();
    }
  }, 90_000);

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

  test('remote help off refuses port 22; on, the link is given; off again, it is cut', async () => {
    const call = caller(edge, admin);
    const off = await call('POST', '/api/v1/proxy/start', { id: deviceId, port: 22 });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ err_code: 'remoteHelpOff' });
    await edge.deviceConfig.change(deviceId, 'general', (doc) => ({ ...doc, remoteHelp: true }), 'admin');
    const on = await call('POST', '/api/v1/proxy/start', { id: deviceId, port: 22 });
    expect(on.statusCode).toBe(200);
    const link = on.json<{ url: string }>().url;
    const jump = await enter(link);
    await edge.deviceConfig.change(deviceId, 'general', (doc) => ({ ...doc, remoteHelp: false }), 'admin');
    expect((await call('GET', link)).statusCode).toBe(403);
    const cut = await ask(`${jump.origin}/`, { headers: { cookie: jump.cookie } });
    expect(cut.status).toBe(403);
    expect(cut.json()).toMatchObject({ err_code: 'remoteHelpOff' });
  });
});
