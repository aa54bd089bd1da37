/**
 * The device terminal against the demo's simulated fleet: opened from the device page, a command typed and
 * its answer seen (the simulated device's own host name, not the machine's), the socket closed on leaving
 * the page, and the session replayed from the recorded sessions.
 */
import { expect, test, type WebSocket } from '@playwright/test';
import { chooseLanguage, signInAs } from './helpers.ts';

test('open a simulated device terminal, type, leave, and replay the session', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page);
  // A device online whose secure mode lets the terminal through (OrpheLink Only refuses it).
  const answer = await page.request.get('/api/v1/inventory/list?page=1&pageSize=40&online=true');
  const rows = (await answer.json()) as { list: { id: string; online: boolean; secureMode: string }[] };
  const device = rows.list.find((d) => d.online && d.secureMode !== 'OrpheLink Only');
  expect(device).toBeDefined();

  await page.goto(`/desk/inventory/devices/${device!.id}`);
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/websocket/v1/inventory/terminal')) sockets.push(ws);
  });
  await page.getByTestId('dashboard-terminal').click();
  await expect(page.getByTestId('terminal-state')).toHaveAttribute('data-phase', 'open');
  const screen = page.getByTestId('terminal-screen');
  await expect(screen).toContainText('root@');
  const closed = new Promise<void>((resolve) => sockets[0]!.on('close', () => resolve()));

  await screen.click();
  await page.keyboard.type('hostname');
  await page.keyboard.press('Enter');
  const prompt = (await screen.textContent()) ?? '';
  const hostname = /root@([\w.-]+):~#/.exec(prompt)?.[1];
  expect(hostname).toBeTruthy();
  await expect(screen.locator('.xterm-rows')).toContainText(new RegExp(`hostname\\s*${hostname}`));
  await page.keyboard.type('echo typed-in-the-browser');
  await page.keyboard.press('Enter');
  await expect(screen.locator('.xterm-rows')).toContainText('typed-in-the-browser', { timeout: 10_000 });

  // Leaving the page closes the socket.
  await page.getByRole('link', { name: 'Back to the device' }).click();
  await expect(page.getByTestId('dashboard-terminal')).toBeVisible();
  await closed;

  // The session is recorded and replays what the shell printed.
  await page.getByTestId('dashboard-terminal').click();
  const replay = page.locator('[data-testid^="terminal-replay-"]:not([disabled])').first();
  await expect(replay).toBeVisible({ timeout: 20_000 });
  await replay.click();
  await expect(page.getByTestId('replay-screen')).toContainText('typed-in-the-browser', { timeout: 20_000 });
});

test('the terminal page reads right to left in Arabic, its screen in view and nothing scrolled aside', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page);
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const answer = await page.request.get('/api/v1/inventory/list?page=1&pageSize=40&online=true');
  const rows = (await answer.json()) as { list: { id: string; online: boolean; secureMode: string }[] };
  const device = rows.list.find((d) => d.online && d.secureMode !== 'OrpheLink Only');
  await page.goto(`/desk/inventory/devices/${device!.id}/terminal`);
  const screen = page.getByTestId('terminal-screen');
  await expect(screen).toContainText('root@');
  await expect(screen).toBeInViewport();
  // xterm's far-off measuring element must not widen the page (a right-to-left page scrolled out to it).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});
