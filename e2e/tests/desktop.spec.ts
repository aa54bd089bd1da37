/**
 * The remote desktop in the browser: a real VNC server (Xvfb + x11vnc, packages/server/src/testing/vnc.ts)
 * beside a real `edge-agent` that joins the demo console with the enrolment secret and is adopted here;
 * the device page's Remote desktop button opens noVNC, which connects through the console's socket and the
 * device tunnel and draws the device's screen (X's root weave: more than one colour on the canvas);
 * leaving the page closes the socket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type WebSocket } from '@playwright/test';
import { startVncServer, type VncServer } from '../../packages/server/src/testing/vnc.ts';
import { signInAs } from './helpers.ts';
import { deviceIdOf } from './devices.ts';

const AGENT = path.resolve(import.meta.dirname, '../../packages/agent/dev/edge-agent.mjs');
const SERIAL = `VNC${Date.now().toString(36).slice(-6).toUpperCase()}`;

let vnc: VncServer | undefined;
let agent: ChildProcess | undefined;
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-desktop-agent-'));

async function stopAgent() {
  if (agent && agent.exitCode === null && agent.signalCode === null) {
    const exited = new Promise((resolve) => agent!.once('exit', resolve));
    agent.kill('SIGTERM');
    await exited;
  }
}

test.afterAll(async () => {
  await stopAgent();
  await vnc?.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

test('open a device’s remote desktop: noVNC draws its screen through the tunnel', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page);
  vnc = await startVncServer(800, 480);
  const secret = await page.request.get('/api/v1/provision/enrolment-secret');
  const args = [
    ...['--console', process.env.E2E_BASE_URL!, '--serial', SERIAL, '--model', 'VNC Box'],
    ...['--enrol-secret', ((await secret.json()) as { secret: string }).secret, '--state-dir', stateDir],
    ...['--desktop-port', String(vnc.port), '--interval', '5', '--log-level', 'warn'],
  ];
  agent = spawn(process.execPath, [AGENT, ...args], { stdio: 'ignore' });

  await page.goto('/desk/provision');
  const adopt = page.getByTestId(`adopt-${SERIAL}`);
  await expect(adopt).toBeVisible({ timeout: 60_000 });
  await adopt.click();
  await page.getByTestId('adopt-ok').click();
  await expect(adopt).toHaveCount(0, { timeout: 30_000 });
  const id = await deviceIdOf(page, SERIAL, { online: true });

  await page.goto(`/desk/inventory/devices/${id}`);
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/websocket/v1/inventory/desktop')) sockets.push(ws);
  });
  await page.getByTestId('dashboard-desktop').click();
  await expect(page.getByTestId('desktop-state')).toHaveAttribute('data-phase', 'open', { timeout: 30_000 });
  const canvas = page.getByTestId('desktop-screen').locator('canvas');
  await expect(canvas).toHaveJSProperty('width', 800);
  await expect
    .poll(
      () =>
        canvas.evaluate((element: HTMLCanvasElement) => {
          const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
          const colours = new Set<number>();
          for (let i = 0; i < data.length; i += 4 * 97)
            colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
          return colours.size;
        }),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(1);

  // Leaving the page closes the socket.
  const closed = new Promise<void>((resolve) => sockets[0]!.on('close', () => resolve()));
  await page.getByRole('link', { name: 'Back to the device' }).click();
  await expect(page.getByTestId('dashboard-desktop')).toBeVisible();
  await closed;

  // The demo's fleet is shared by the specs after this one: the box leaves it rather than stay offline there
  // (stopped first, so it does not ask to join again once removed).
  await stopAgent();
  const info = await page.request.get('/api/v1/settings/account/getAccountInfo');
  const { csrfToken } = (await info.json()) as { csrfToken: string };
  const removed = await page.request.delete('/api/v1/inventory/delete', {
    headers: { 'x-csrf-token': csrfToken },
    data: { id },
  });
  expect(removed.status(), await removed.text()).toBe(200);
});
