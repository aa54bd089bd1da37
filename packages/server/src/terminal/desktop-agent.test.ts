/**
 * The remote desktop end to end: a real VNC server (Xvfb + x11vnc) beside a real `edge-agent` (Linux
 * backend, `--desktop-port` naming it) connected to a test console; a client speaking RFB as noVNC does over
 * `/websocket/v1/inventory/desktop?id=` reaches it through the device tunnel: the handshake, the server's
 * screen size, and a whole raw framebuffer (1 MB, past the tunnel's 64 KiB window many times) whose pixels
 * are X's root weave. A role that may only watch (or a read-only token) sees the screen, its input dropped at
 * the console. And what is refused before any byte flows: another site, no sign-in, unknown and malformed
 * ids, a device in 'OrpheLink Only'.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP_SOCKET_PATH } from '@edge/protocol';
import type { TestConsole } from '../testing/harness.ts';
import { waitFor } from '../testing/devices.ts';
import { caller, userWithRole } from '../testing/accounts.ts';
import { consoleWithAgent, handDeviceOnline } from '../testing/terminal.ts';
import { startVncServer, type VncServer } from '../testing/vnc.ts';
import type { MqttClient } from 'mqtt';

let vnc: VncServer;
let setup: Awaited<ReturnType<typeof consoleWithAgent>>;
let edge: TestConsole;
let url = '';
let deviceId = '';
let admin: Awaited<ReturnType<typeof consoleWithAgent>>['admin'];
const hands: MqttClient[] = [];

beforeAll(async () => {
  vnc = await startVncServer();
  setup = await consoleWithAgent({ extraArgs: ['--desktop-port', String(vnc.port)] });
  ({ edge, url, admin, deviceId } = setup);
}, 120_000);

afterAll(async () => {
  for (const hand of hands) hand.end(true);
  await setup?.stop();
  await vnc?.stop();
});

/** The browser's side of the desktop socket: what comes is kept, `take(n)` waits for n bytes. */
function openDesktop(id: string, headers: Record<string, string>) {
  const ws = new WebSocket(`${url.replace('http:', 'ws:')}${DESKTOP_SOCKET_PATH}?id=${id}`, {
    headers: { origin: url, ...headers },
  });
  let got = Buffer.alloc(0);
  ws.on('message', (data: Buffer) => (got = Buffer.concat([got, data])));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const take = async (n: number): Promise<Buffer> => {
    await waitFor(() => got.length >= n, `${n} bytes from the VNC server`, 30_000);
    const out = got.subarray(0, n);
    got = got.subarray(n);
    return out;
  };
  return { ws, opened, closed, take };
}

describe('the remote desktop through the tunnel', () => {
  test("noVNC's RFB reaches the device's VNC server: handshake, screen size, a whole framebuffer", async () => {
    const desk = openDesktop(deviceId, admin.headers(false));
    await desk.opened;
    expect((await desk.take(12)).toString()).toBe('RFB 003.008\n');
    desk.ws.send(Buffer.from('RFB 003.008\n'));
    const count = (await desk.take(1))[0]!;
    const types = [...(await desk.take(count))];
    expect(types).toContain(1); // None: x11vnc -nopw
    desk.ws.send(Buffer.from([1]));
    expect((await desk.take(4)).readUInt32BE(0)).toBe(0); // SecurityResult OK
    desk.ws.send(Buffer.from([1])); // ClientInit, shared
    const init = await desk.take(24);
    expect({ width: init.readUInt16BE(0), height: init.readUInt16BE(2) }).toEqual({
      width: vnc.width,
      height: vnc.height,
    });
    const bitsPerPixel = init[4]!;
    await desk.take(init.readUInt32BE(20)); // the desktop's name

    // FramebufferUpdateRequest, not incremental, the whole screen: raw encoding (none other was offered).
    const request = Buffer.alloc(10);
    request.writeUInt8(3, 0);
    request.writeUInt16BE(vnc.width, 6);
    request.writeUInt16BE(vnc.height, 8);
    desk.ws.send(request);
    const head = await desk.take(4);
    expect(head[0]).toBe(0); // FramebufferUpdate
    const rectangles = head.readUInt16BE(2);
    const pixels = new Set<string>();
    let area = 0;
    for (let i = 0; i < rectangles; i++) {
      const rect = await desk.take(12);
      const [w, h, encoding] = [rect.readUInt16BE(4), rect.readUInt16BE(6), rect.readInt32BE(8)];
      expect(encoding).toBe(0);
      const data = await desk.take((w * h * bitsPerPixel) / 8);
      for (let p = 0; p < data.length; p += 4 * 37) pixels.add(data.subarray(p, p + 4).toString('hex'));
      area += w * h;
    }
    expect(area).toBe(vnc.width * vnc.height);
    // Not a blank screen: the root weave has more than one colour.
    expect(pixels.size).toBeGreaterThan(1);

    desk.ws.close();
    await desk.closed;
    await waitFor(async () => {
      const rows = await edge.store.db
        .selectFrom('activity')
        .select(['action', 'user_name', 'target'])
        .where('action', 'like', 'desktop.%')
        .execute();
      return (
        rows.some((r) => r.action === 'desktop.start' && r.target.includes(deviceId)) &&
        rows.some((r) => r.action === 'desktop.end' && r.user_name === 'admin' && /\d+ bytes/.test(r.target))
      );
    }, 'the session in the activity log');
  }, 60_000);

  test('a watch-only role and a read-only token see the screen; their input is dropped at the console', async () => {
    const call = caller(edge, admin);
    const viewer = await userWithRole(edge, call, {
      Inventory: { control: { enable: true }, isManagement: false },
    });
    const token = await call('POST', '/api/v1/security/accessToken', {
      tokenName: 'reader',
      endDate: '2999-12-31',
      scopes: ['read_api'],
    });
    expect(token.statusCode).toBe(200);
    const secret = token.json<{ token: string }>().token;
    for (const headers of [viewer.session.headers(false), { authorization: `Bearer ${secret}` }]) {
      const desk = openDesktop(deviceId, headers);
      await desk.opened;
      expect((await desk.take(12)).toString()).toBe('RFB 003.008\n');
      desk.ws.send(Buffer.from('RFB 003.008\n'));
      await desk.take((await desk.take(1))[0]!); // the security types
      desk.ws.send(Buffer.from([1]));
      expect((await desk.take(4)).readUInt32BE(0)).toBe(0);
      desk.ws.send(Buffer.from([1]));
      const init = await desk.take(24);
      await desk.take(init.readUInt32BE(20));
      // A key and the pointer, then a small update request: only the request reaches the server, which
      // answers it (the dropped messages did not shift the stream).
      desk.ws.send(Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61]));
      desk.ws.send(Buffer.from([5, 1, 0, 10, 0, 20]));
      desk.ws.send(Buffer.from([3, 0, 0, 0, 0, 0, 0, 8, 0, 8]));
      const head = await desk.take(4);
      expect(head[0]).toBe(0);
      desk.ws.close();
      await desk.closed;
    }
    const rows = await edge.store.db
      .selectFrom('activity')
      .select(['target'])
      .where('action', '=', 'desktop.start')
      .execute();
    expect(rows.some((r) => r.target.includes('(view only)'))).toBe(true);
  }, 60_000);

  test('refused before the upgrade: no Inventory, another site, no sign-in, bad ids, OrpheLink Only', async () => {
    await expect(openDesktop(deviceId, {}).opened).rejects.toThrow('HTTP 401');
    const stranger = await userWithRole(edge, caller(edge, admin), {
      Dashboard: { control: { enable: true }, isManagement: true },
    });
    await expect(openDesktop(deviceId, stranger.session.headers(false)).opened).rejects.toThrow('HTTP 403');
    await expect(
      openDesktop(deviceId, { ...admin.headers(false), origin: 'http://evil.example' }).opened,
    ).rejects.toThrow('HTTP 403');
    await expect(openDesktop('0123456789abcdef', admin.headers(false)).opened).rejects.toThrow('HTTP 404');
    await expect(openDesktop('nope', admin.headers(false)).opened).rejects.toThrow('HTTP 400');
    const { hand, client } = await handDeviceOnline(edge, { secureMode: 'OrpheLink Only' });
    hands.push(client);
    await expect(openDesktop(hand.deviceId, admin.headers(false)).opened).rejects.toThrow('HTTP 403');
  });
});
