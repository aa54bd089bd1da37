/**
 * Regenerates docs/screenshots/ from the running demo: `npm run screenshots`.
 * Each shot is a page a newcomer sees; the list grows as modules land.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
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

const demo = await startDemo({ adminPassword: PASSWORD, devices: 25, timeoutMs: 180_000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  fs.mkdirSync(OUT, { recursive: true });
  for (const shot of shots) {
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
