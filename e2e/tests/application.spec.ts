/**
 * Application against the demo's simulated fleet: import a template file (Portainer's format), deploy it
 * from the app store to a device that runs containers and watch the deploy finish, see the app running in
 * the device's list, read its log, open a shell inside it (the container terminal, answered by the simulated
 * app's own shell) and see a command's answer, then stop and delete it, each after its confirmation.
 */
import { expect, test, type WebSocket } from '@playwright/test';
import { answerConfirm, chooseOption, expectToast, signInAs } from './helpers.ts';

/** The simulator's models with a container engine (agent platform/catalogue.ts). */
const CONTAINER_MODELS = ['ER-7206 Gigabit Router', 'EG-8P PoE Edge Gateway', 'IR-915 Industrial 4G Router'];
const APP = `e2e-web-${Date.now().toString(36)}`;

test('import a template, deploy it to a device, see it run, read its log, stop and delete it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page);
  const answer = await page.request.get('/api/v1/inventory/list?page=1&pageSize=40');
  const devices = (
    (await answer.json()) as {
      list: {
        id: string;
        name: string;
        sn: string;
        modelID: string;
        online: boolean;
        secureMode: string;
      }[];
    }
  ).list;
  // Its secure mode must allow remote access: the container terminal is opened below.
  const device = devices.find(
    (d) => d.online && CONTAINER_MODELS.includes(d.modelID) && d.secureMode !== 'OrpheLink Only',
  );
  expect(device, 'a demo device that runs containers').toBeDefined();

  await page.getByTestId('app-Application').click();
  await expect(page).toHaveURL(/\/desk\/application/);

  // Templates: a Portainer v2 file with one container template and one stack (skipped, said why).
  await page.getByRole('tab', { name: 'Templates' }).click();
  const file = JSON.stringify({
    version: '2',
    templates: [
      {
        type: 1,
        title: 'E2E web',
        name: APP,
        image: 'library/httpd:2.4',
        ports: ['8088:80/tcp'],
        env: [{ name: 'MODE', default: 'demo' }],
      },
      { type: 3, title: 'A compose stack' },
    ],
  });
  await page
    .getByTestId('templates-panel')
    .locator('input[type=file]')
    .setInputFiles({ name: 'templates.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await expectToast(page, '1 imported, 1 skipped');
  await expect(page.getByTestId('template-skipped')).toContainText('A compose stack');
  await expect(page.getByTestId('template-table')).toContainText(APP);

  // App store: deploy it to the device; the deploy runs as a job and finishes there.
  await page.getByRole('tab', { name: 'App store' }).click();
  const card = page.getByTestId(`store-app-${APP}`);
  await expect(card).toContainText('library/httpd:2.4');
  await card.getByTestId('store-deploy').click();
  await chooseOption(page, 'app-devices', device!.sn, { partial: true, search: device!.sn });
  await page.keyboard.press('Escape');
  await page.getByTestId('deploy-save').click();
  await expectToast(page, 'Deploy started.');
  await expect(page.getByTestId('job-progress')).toHaveAttribute('data-job-state', 'succeeded', {
    timeout: 30_000,
  });

  // Deployed apps: the device's own list has it running; its log says it started.
  await page.getByRole('tab', { name: 'Deployed apps' }).click();
  await chooseOption(page, 'installed-device', device!.sn, { partial: true, search: device!.sn });
  const row = page.getByTestId(`container-row-${APP}`);
  await expect(row.getByTestId('container-state')).toHaveText('Running');
  await expect(row).toContainText('8088:80/tcp');
  await row.getByTestId('container-logs').click();
  await expect(page.getByTestId('container-log')).toContainText(`${APP} started`);
  await page.locator('.ant-modal').getByRole('button', { name: 'OK' }).click();

  // The container terminal: a shell inside the running app; closing the dialog closes its socket.
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/websocket/v1/container/terminal')) sockets.push(ws);
  });
  await row.getByTestId('container-terminal-open').click();
  const shell = page.getByTestId('container-terminal');
  await expect(shell.getByTestId('terminal-state')).toHaveAttribute('data-phase', 'open');
  expect(sockets[0]!.url()).toContain(`containerName=${APP}`);
  const screen = shell.getByTestId('terminal-screen');
  await expect(screen).toContainText('/ #');
  await screen.click();
  await page.keyboard.type('echo inside-the-container');
  await page.keyboard.press('Enter');
  await expect(screen.locator('.xterm-rows')).toContainText(/inside-the-container\s*\/ #/, {
    timeout: 10_000,
  });
  const closed = new Promise<void>((resolve) => sockets[0]!.on('close', () => resolve()));
  await page.locator('.ant-modal').getByRole('button', { name: 'Close' }).click();
  await closed;

  // A volume made on the device, listed, and removed after its confirmation.
  const storage = page.getByTestId('storage-panel');
  await storage.getByPlaceholder('Volume').fill('e2e-data');
  await storage.getByPlaceholder('Volume').press('Enter');
  await expectToast(page, 'Saved successfully.');
  const volume = storage.locator('tr', { hasText: 'e2e-data' });
  await expect(volume).toBeVisible();
  await volume.getByRole('button', { name: 'Delete' }).click();
  await answerConfirm(page, 'ok', 'Are you sure you want to delete this volume?');
  await expect(volume).toHaveCount(0);

  // Stop, then delete, each confirmed.
  await row.getByTestId('container-stop').click();
  await answerConfirm(page, 'ok', 'Are you sure you want to stop this container?');
  await expectToast(page, 'Application updated successfully.');
  await expect(row.getByTestId('container-state')).toHaveText('Exited');
  await row.getByTestId('container-delete').click();
  await answerConfirm(page, 'ok', 'Are you sure you want to delete this container?');
  await expectToast(page, 'Deleted successfully.');
  await expect(row).toHaveCount(0);
});
