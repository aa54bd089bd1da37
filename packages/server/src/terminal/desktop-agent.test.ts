/**
 * The remote desktop end to end: a real VNC server (Xvfb + x11vnc) beside a real `edge-agent` (Linux
 * backend, `--desktop-port` naming it) connected to a test console; a client speaking RFB as noVNC does over
 * `/websocket/v1/inventory/desktop?id=` reaches it through the device tunnel: the handshake, the server's
 * screen size, and a whole raw framebuffer (1 MB, past the tunnel's 64 KiB window many times) whose pixels
 * are X's root weave. A role that may only watch (or a read-only token) sees the screen, its input dropped at
 * the console. And what is refused before any byte flows: another site, no sign-in, unknown and malformed
 * ids, a device in 'OrpheLink Only'.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP_SOCKET_PATH } from '@edge/protocol';
import type { TestConsole } from '../testing/harness.ts';
import { waitFor } from '../testing/devices.ts';
import { caller, userWithRole } from '../testing/accounts.ts';
import { consoleWithAgent, handDeviceOnline } from '../testing/terminal.ts';
import { startVncServer, type VncServer } from '../testing/vnc.ts';
import {
  expectWholeScreen,
  handshake,
  openDesktop as open,
  viewOnlyInputDropped,
} from '../testing/desktop.ts';
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

const openDesktop = (id: string, headers: Record<string, string>) =>
  open(url, `${DESKTOP_SOCKET_PATH}?id=${id}`, headers);

describe('the remote desktop through the tunnel', () => {
  test("noVNC's RFB reaches the device's VNC server: handshake, screen size, a whole framebuffer", async () => {
    const desk = openDesktop(deviceId, admin.headers(false));
    await desk.opened;
    // Not a blank screen: the root weave has more than one colour.
    const screen = await expectWholeScreen(desk, { width: vnc.width, height: vnc.height });
    expect(screen.types).toContain(1); // None: x11vnc -nopw

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
    let targets: string[] = [];
    for (const headers of [viewer.session.headers(false), { authorization: `Bearer ${secret}` }]) {
      const desk = openDesktop(deviceId, headers);
      await desk.opened;
      expect((await handshake(desk)).result).toBe(0);
      targets = await viewOnlyInputDropped(desk, edge.store.db);
    }
    expect(targets.some((t) => t.includes('(view only)'))).toBe(true);
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
