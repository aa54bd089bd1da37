/**
 * Every signed-in screen of every module, with what shows once it has its data: shared by the accessibility
 * scan and the layout check so both walk the same console.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { deviceIdOf } from './devices.ts';

export interface Screen {
  name: string;
  path: string;
  /** Shows once the screen has drawn its data (a scan before it would judge a spinner). */
  ready: (page: Page) => Locator;
}

export const SCAN_DEVICE = 'DEMO-000002';

export const SECTIONS = [
  'portType',
  'mobileNetwork',
  'wifi',
  'wan',
  'multipleWan',
  'nat',
  'portForward',
  'dhcp',
  'vlan',
  'firewall',
  'general',
  'clients',
] as const;

const byTestId = (id: string) => (page: Page) => page.getByTestId(id).first();
const table = (page: Page) =>
  page.locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody .ant-table-placeholder').first();

export function moduleScreens(deviceId: string): Screen[] {
  const device = `/desk/inventory/devices/${deviceId}`;
  return [
    { name: 'desktop', path: '/desk', ready: byTestId('app-Inventory') },
    {
      name: 'inventory list',
      path: '/desk/inventory/devices',
      ready: byTestId(`device-link-${SCAN_DEVICE}`),
    },
    { name: 'map', path: '/desk/inventory/map', ready: (page) => page.locator('path.device-marker').first() },
    { name: 'groups', path: '/desk/inventory/groups', ready: table },
    { name: 'device dashboard', path: device, ready: byTestId('dashboard-tx') },
    ...SECTIONS.map((section) => ({
      name: `device settings: ${section}`,
      path: `${device}/settings/${section}`,
      ready: (page: Page) => page.locator('[data-testid="section-state"]'),
    })),
    { name: 'provision', path: '/desk/provision', ready: table },
    { name: 'diagnose', path: '/desk/diagnose', ready: byTestId('diagnose-tabs') },
    { name: 'schedule', path: '/desk/schedule', ready: byTestId('schedule-time-zone') },
    { name: 'log', path: '/desk/log', ready: table },
    { name: 'messages', path: '/desk/messages', ready: byTestId('messages-table') },
    { name: 'to-do', path: '/desk/todo', ready: byTestId('todo-page') },
    { name: 'notification', path: '/desk/notification', ready: byTestId('notify-page') },
    {
      name: 'settings: account',
      path: '/desk/settings/account',
      ready: (page) => page.locator('form').first(),
    },
    { name: 'settings: users', path: '/desk/settings/account?tab=users', ready: byTestId('user-row-admin') },
    { name: 'settings: activity', path: '/desk/settings/activity', ready: table },
    {
      name: 'settings: company',
      path: '/desk/settings/company',
      ready: (page) => page.locator('form').first(),
    },
    {
      name: 'settings: permission',
      path: '/desk/settings/permission',
      ready: (page) => page.locator('.roles-select'),
    },
    { name: 'settings: SMTP', path: '/desk/settings/smtp', ready: (page) => page.locator('form').first() },
    { name: 'settings: branding', path: '/desk/settings/branding', ready: byTestId('branding-logo') },
    {
      name: 'settings: language',
      path: '/desk/settings/language',
      ready: (page) => page.locator('.ant-card').first(),
    },
    { name: 'security: access control', path: '/desk/security/acl', ready: byTestId('acl-enabled') },
    {
      name: 'security: tokens',
      path: '/desk/security/tokens',
      ready: (page) => page.locator('.ant-table').first(),
    },
    { name: 'security: admin ACL', path: '/desk/security/admin-acl', ready: byTestId('acl-enabled') },
  ];
}

/**
 * Opens a screen and waits until it has drawn its data and no spinner is left. Once the console is loaded
 * it moves inside the app as a link would (history and popstate, which React Router follows): no reload,
 * so a walk over thirty screens stays quick on a busy machine and injected scripts stay in place.
 */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  const inApp = new URL(page.url()).pathname.startsWith('/desk');
  if (inApp)
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, screen.path);
  else await page.goto(screen.path);
  await expect(screen.ready(page), screen.name).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0, { timeout: 30_000 });
}

/** The demo device the screens show, once it is online (its dashboard and sections then have data). */
export const scanDeviceId = (page: Page) => deviceIdOf(page, SCAN_DEVICE, { online: true });
