/**
 * Regenerates docs/screenshots/ from the running demo: `npm run screenshots`.
 * Each shot is a page a newcomer sees; the list grows as modules land.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { generateSigningKeys } from '@edge/protocol/signature';
import { packImage } from '@edge/protocol/upgrade-image';
import { startDemo } from './demo-process.ts';
import { openDeskApp } from './tests/helpers.ts';

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');
const PASSWORD = 'Screenshot-pass-1';

interface Shot {
  file: string;
  language?: string;
  visit(page: Page): Promise<void>;
}

async function signIn(page: Page) {
  await page.goto('/');
  await page.locator('#login-name').fill('admin');
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/desk$/);
  await page
    .locator('.ant-notification-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

async function openInventory(page: Page, path: string) {
  await signIn(page);
  await page.goto(path);
}

async function openFirstDashboard(page: Page) {
  await openInventory(page, '/desk/inventory');
  await page.getByTestId('device-link-DEMO-000001').click();
  await page.getByTestId('device-dashboard').waitFor();
  // Long enough for a few live points on the charts.
  await page.waitForTimeout(6000);
}

/** A settings section of a demo device, reached the way an operator does: list, dashboard, settings menu. */
async function openSettings(page: Page, serial: string, section: string) {
  await openInventory(page, '/desk/inventory');
  await page.getByTestId(`device-link-${serial}`).click();
  await page.getByTestId('dashboard-settings').click();
  await page.getByTestId(`settings-nav-${section}`).click();
  await page.getByTestId('section-state').waitFor();
  await page.waitForTimeout(1500);
}

type FilePart = { name: string; mimeType: string; buffer: Buffer };

/** The console's API as the signed-in page (its CSRF token on writes); a JSON body or a multipart form. */
async function api(
  page: Page,
  method: string,
  url: string,
  body: { data?: unknown; multipart?: Record<string, FilePart> },
) {
  const { csrfToken } = await (await page.request.get('/api/v1/settings/account/getAccountInfo')).json();
  const answer = await page.request.fetch(url, { method, ...body, headers: { 'x-csrf-token': csrfToken } });
  if (!answer.ok()) throw new Error(`${method} ${url}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

/** The simulator's models with a container engine (agent platform/catalogue.ts). */
const CONTAINER_MODELS = ['ER-7206 Gigabit Router', 'EG-8P PoE Edge Gateway', 'IR-915 Industrial 4G Router'];

/** A demo device that runs apps and allows a terminal: its apps listed on Application > Deployed apps. */
async function openDeviceApps(page: Page) {
  await signIn(page);
  const { list } = (await (await page.request.get('/api/v1/inventory/list?page=1&pageSize=40')).json()) as {
    list: { sn: string; modelID: string; online: boolean; secureMode: string }[];
  };
  const device = list.find(
    (d) => d.online && CONTAINER_MODELS.includes(d.modelID) && d.secureMode !== 'OrpheLink Only',
  );
  if (!device) throw new Error('no demo device runs apps');
  await page.goto('/desk/application?tab=installed');
  await page.getByTestId('installed-device').click();
  await page.getByTestId('installed-device').locator('input').fill(device.sn);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title*="${device.sn}"]`).click();
}

const shots: Shot[] = [
  { file: 'login.png', visit: (page) => page.goto('/').then(() => undefined) },
  { file: 'desktop.png', visit: signIn },
  {
    file: 'desktop-arabic.png',
    language: 'Arabic',
    visit: signIn,
  },
  {
    file: 'settings-account.png',
    visit: async (page) => {
      await signIn(page);
      await openDeskApp(page, 'Settings');
      await page.waitForURL(/\/desk\/settings/);
    },
  },
  {
    file: 'inventory.png',
    visit: async (page) => {
      await openInventory(page, '/desk/inventory');
      await page.getByTestId('device-table').locator('tbody tr.ant-table-row').first().waitFor();
    },
  },
  {
    file: 'inventory-map.png',
    visit: async (page) => {
      await openInventory(page, '/desk/inventory/map');
      await page.getByTestId('device-map').waitFor();
    },
  },
  { file: 'device-dashboard.png', visit: openFirstDashboard },
  {
    file: 'device-dashboard-arabic.png',
    language: 'Arabic',
    visit: openFirstDashboard,
  },
  {
    file: 'device-settings-wifi.png',
    visit: async (page) => {
      await openFirstDashboard(page);
      await page.getByTestId('dashboard-settings').click();
      await page.getByTestId('section-state').waitFor();
    },
  },
  {
    file: 'device-settings-multiple-wan.png',
    visit: (page) => openSettings(page, 'DEMO-000001', 'multipleWan'),
  },
  { file: 'device-settings-firewall.png', visit: (page) => openSettings(page, 'DEMO-000001', 'firewall') },
  { file: 'device-settings-mobile.png', visit: (page) => openSettings(page, 'DEMO-000005', 'mobileNetwork') },
  {
    file: 'device-settings-dhcp-arabic.png',
    language: 'Arabic',
    visit: (page) => openSettings(page, 'DEMO-000001', 'dhcp'),
  },
  {
    file: 'provision.png',
    visit: (page) => openInventory(page, '/desk/provision'),
  },
  {
    file: 'security-tokens.png',
    visit: (page) => openInventory(page, '/desk/security/tokens'),
  },
  {
    file: 'profile-template-editor.png',
    visit: async (page) => {
      await openInventory(page, '/desk/mission/profile');
      await page.getByTestId('profiles-tab-templates').click();
      await page.getByTestId('template-create').click();
      await page.getByTestId('template-name').fill('Branch router');
      await page.getByTestId('template-part-wifi').click();
    },
  },
  {
    file: 'container-terminal.png',
    visit: async (page) => {
      await openDeviceApps(page);
      await page.getByTestId('container-terminal-open').first().click();
      const screen = page.getByTestId('container-terminal').getByTestId('terminal-screen');
      await screen.getByText('/ #').first().waitFor();
      await screen.click();
      await page.keyboard.type('ls /');
      await page.keyboard.press('Enter');
    },
  },
  {
    file: 'upgrade-group-rollout.png',
    visit: async (page) => {
      await signIn(page);
      // A signed device image, and a group of the demo's devices to roll it out to.
      const key = generateSigningKeys();
      const { settings } = await (await page.request.get('/api/v1/systemUpgrade/info')).json();
      await api(page, 'PATCH', '/api/v1/systemUpgrade/setting', {
        data: { ...settings, publicKey: key.publicKeyPem },
      });
      const image = packImage(
        { kind: 'agent', model: '*', version: '2.4.0' },
        Buffer.from('agent'),
        key.privateKeyPem,
      );
      await api(page, 'POST', '/api/v1/systemUpgrade/image/upload', {
        multipart: {
          file: { name: 'agent-2.4.0.img', mimeType: 'application/octet-stream', buffer: image },
        },
      });
      const group = await api(page, 'POST', '/api/v1/inventory/group/create', {
        data: { name: 'Branch offices' },
      });
      const { list } = await (await page.request.get('/api/v1/systemUpgrade/versions')).json();
      await api(page, 'PATCH', '/api/v1/inventory/group/assign', {
        data: {
          groupId: group.id,
          deviceIds: (list as { deviceId: string }[]).slice(0, 6).map((d) => d.deviceId),
        },
      });
      await page.goto('/desk/settings/upgrade');
      await page.getByTestId('upgrade-rollout-open-2.4.0').click();
      // Chosen again until the choice holds: a re-render while the list opens can drop a click (profiles.spec).
      const choice = page.getByTestId('upgrade-rollout-group');
      const option = page.locator(
        '.ant-select-dropdown:visible .ant-select-item-option[title="Branch offices"]',
      );
      await expect(async () => {
        if (!(await option.isVisible())) await choice.click();
        await option.click({ timeout: 2000 });
        await expect(choice).toContainText('Branch offices', { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    },
  },
  ...(
    [
      ['dashboard.png', '/desk/dashboard'],
      ['statistics.png', '/desk/statistics'],
      ['log.png', '/desk/log'],
      ['messages.png', '/desk/messages'],
      ['profiles.png', '/desk/mission/profile'],
      ['application.png', '/desk/application'],
      ['sdwan.png', '/desk/sdwan'],
      ['license.png', '/desk/license'],
      ['backup.png', '/desk/backup'],
      ['network.png', '/desk/settings/network'],
      ['upgrade.png', '/desk/settings/upgrade'],
      ['console-backup.png', '/desk/settings/backup'],
      ['sdwan-arabic.png', '/desk/sdwan', 'Arabic'],
      ['backup-arabic.png', '/desk/backup', 'Arabic'],
    ] as const
  ).map(([file, address, language]: readonly [string, string, string?]) => ({
    file,
    ...(language ? { language } : {}),
    visit: async (page: Page) => {
      await openInventory(page, address);
      // Long enough for the app's first data and a live update or two.
      await page.waitForTimeout(4000);
    },
  })),
];

// `npm run screenshots -- a.png b.png` takes only those shots; none named, every one.
const only = process.argv.slice(2);
const unknown = only.filter((file) => !shots.some((shot) => shot.file === file));
if (unknown.length > 0) throw new Error(`no such screenshot: ${unknown.join(', ')}`);
const taken = only.length > 0 ? shots.filter((shot) => only.includes(shot.file)) : shots;

const demo = await startDemo({ adminPassword: PASSWORD, devices: 25, timeoutMs: 180_000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  fs.mkdirSync(OUT, { recursive: true });
  for (const shot of taken) {
    const context = await browser.newContext({ baseURL: demo.url, viewport: { width: 1440, height: 900 } });
    if (shot.language) await context.addCookies([{ name: 'language', value: shot.language, url: demo.url }]);
    const page = await context.newPage();
    await shot.visit(page);
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(OUT, shot.file) });
    await context.close();
    console.log(`wrote docs/screenshots/${shot.file}`);
  }
} finally {
  await browser.close();
  await demo.stop();
}
