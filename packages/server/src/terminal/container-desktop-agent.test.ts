/**
 * A container's graphical session (SPEC 2, 7) against a real Docker Engine the test starts (testing/docker.ts:
 * its own data directory and bridge, no iptables) and a real `edge-agent` pointed at it. The app container,
 * from an image imported from a busybox root file system, carries its UUID and VNC port in labels; its VNC
 * server is x11vnc on Xvfb run in the container's network namespace (nsenter), as a sidecar sharing the
 * app's network would. `/websocket/v1/container/terminal?id=&uuid=` reaches it through the device tunnel:
 * the RFB handshake and a whole framebuffer. Refused: an unknown UUID, a container with a UUID but no VNC
 * server, both or neither of name and UUID; a role that may only view Application sees the screen, its
 * input dropped at the console.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APPLICATION_API, CONTAINER_TERMINAL_SOCKET_PATH, type InstalledContainer } from '@edge/protocol';
import type { TestConsole } from '../testing/harness.ts';
import { waitFor } from '../testing/devices.ts';
import { caller, userWithRole } from '../testing/accounts.ts';
import { consoleWithAgent } from '../testing/terminal.ts';
import { startVncServer, type VncServer } from '../testing/vnc.ts';
import { engineCall, importBusyboxImage, startDockerEngine, type TestEngine } from '../testing/docker.ts';
import { expectWholeScreen, handshake, openDesktop, viewOnlyInputDropped } from '../testing/desktop.ts';

const ENSURE = path.resolve(import.meta.dirname, '../../../../scripts/ensure-test-packages.sh');
const UUID = '6f1c2a9e-3b7d-4c52-9e0a-1d2b3c4d5e6f';
const SILENT_UUID = '0a0b0c0d-1111-4222-8333-944455556666';
const VNC_PORT = 5901;

let engine: TestEngine | undefined;
let vnc: VncServer | undefined;
let setup: Awaited<ReturnType<typeof consoleWithAgent>> | undefined;
let edge: TestConsole;
let url = '';
let deviceId = '';
let admin: Awaited<ReturnType<typeof consoleWithAgent>>['admin'];

/** Creates and starts a container that only sleeps, with these labels; answers its pid and address. */
async function runContainer(name: string, image: string, labels: Record<string, string>) {
  const created = await engineCall(engine!.socketPath, 'POST', `/containers/create?name=${name}`, {
    body: JSON.stringify({ Image: image, Cmd: ['sleep', '3600'], Labels: labels }),
    headers: { 'Content-Type': 'application/json' },
  });
  if (created.status !== 201) throw new Error(`create: ${created.text}`);
  const started = await engineCall(engine!.socketPath, 'POST', `/containers/${name}/start`);
  if (started.status !== 204) throw new Error(`start: ${started.text}`);
  const inspected = JSON.parse(
    (await engineCall(engine!.socketPath, 'GET', `/containers/${name}/json`)).text,
  ) as {
    State: { Pid: number };
    NetworkSettings: { Networks: Record<string, { IPAddress: string }> };
  };
  return {
    pid: inspected.State.Pid,
    address: Object.values(inspected.NetworkSettings.Networks)[0]!.IPAddress,
  };
}

beforeAll(async () => {
  execFileSync('bash', [ENSURE], { stdio: 'inherit' });
  engine = await startDockerEngine();
  await importBusyboxImage(engine, 'edge/desk', '1');
  const app = await runContainer('desk-app', 'edge/desk:1', {
    'edge.console.uuid': UUID,
    'edge.console.vnc-port': String(VNC_PORT),
  });
  await runContainer('silent-app', 'edge/desk:1', { 'edge.console.uuid': SILENT_UUID });
  vnc = await startVncServer(640, 400, { netnsOf: app.pid, host: app.address, port: VNC_PORT });
  setup = await consoleWithAgent({ extraArgs: ['--docker-socket', engine.socketPath] });
  ({ edge, url, admin, deviceId } = setup);
}, 240_000);

afterAll(async () => {
  await setup?.stop();
  await vnc?.stop();
  await engine?.stop();
});

const openContainerDesktop = (uuid: string, headers: Record<string, string>) =>
  openDesktop(url, `${CONTAINER_TERMINAL_SOCKET_PATH}?id=${deviceId}&uuid=${uuid}`, headers);

describe("a container's remote desktop through the tunnel", () => {
  test('the installed list shows the UUID; RFB reaches the VNC server beside the container', async () => {
    const listed = await caller(edge, admin)('GET', `${APPLICATION_API}/installed?deviceId=${deviceId}`);
    expect(listed.statusCode).toBe(200);
    const containers = listed.json<{ containers: InstalledContainer[] }>().containers;
    expect(containers.find((c) => c.name === 'desk-app')?.uuid).toBe(UUID);

    const desk = openContainerDesktop(UUID, admin.headers(false));
    await desk.opened;
    await expectWholeScreen(desk, { width: vnc!.width, height: vnc!.height });
    desk.ws.close();
    await desk.closed;
    await waitFor(async () => {
      const rows = await edge.store.db
        .selectFrom('activity')
        .select(['action', 'target'])
        .where('action', 'like', 'desktop.%')
        .execute();
      return (
        rows.some((r) => r.action === 'desktop.start' && r.target.includes(`container ${UUID}`)) &&
        rows.some((r) => r.action === 'desktop.end' && r.target.includes(`container ${UUID}`))
      );
    }, 'the session in the activity log');
  }, 60_000);

  test('an unknown UUID and a container without a VNC server are refused with their word', async () => {
    for (const [uuid, reason] of [
      ['ffffffff-0000-4000-8000-000000000000', 'containerNotFound'],
      [SILENT_UUID, 'refused'],
    ] as const) {
      const desk = openContainerDesktop(uuid, admin.headers(false));
      await desk.opened;
      const t0 = Date.now();
      expect(await desk.closed).toEqual({ code: 1011, reason });
      // The device's own refusal, not the console giving up on it (its deadline for an answer is 15 s).
      expect(Date.now() - t0).toBeLessThan(10_000);
    }
  }, 60_000);

  test('a name and a UUID together, or neither, are refused before the upgrade', async () => {
    const headers = admin.headers(false);
    for (const query of [
      `id=${deviceId}&uuid=${UUID}&containerName=desk-app`,
      `id=${deviceId}`,
      `id=${deviceId}&uuid=a%20b`,
    ])
      await expect(
        openDesktop(url, `${CONTAINER_TERMINAL_SOCKET_PATH}?${query}`, headers).opened,
      ).rejects.toThrow('HTTP 400');
  });

  test('a role that may only view Application sees the screen; its keys and pointer are dropped', async () => {
    const viewer = await userWithRole(edge, caller(edge, admin), {
      Application: { control: { enable: true }, isManagement: false },
    });
    const desk = openContainerDesktop(UUID, viewer.session.headers(false));
    await desk.opened;
    expect((await handshake(desk)).result).toBe(0);
    const targets = await viewOnlyInputDropped(desk, edge.store.db);
    expect(targets.some((t) => t.includes(`container ${UUID} desktop (view only)`))).toBe(true);
  }, 60_000);
});
