/**
 * Secure SD-WAN (OrpheLink) against the demo's simulated fleet: the operator adds a site in the form, a
 * second site and two simulated devices as nodes, then a link between the sites in the form; the link
 * turns green (active) on the live topology map; a cut of one device's uplink in the simulator
 * (DATA_DIR/fleet-control) turns it red without a reload, and it comes back green when the cut ends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { deviceIdOf } from './devices.ts';
import { chooseOption, signInAs } from './helpers.ts';

// Both in a secure mode that allows the overlay (SPEC 4; seeded picks of agent platform/catalogue.ts):
// DEMO-000005 'Unlimited', DEMO-000007 'OrpheLink Only'.
const A = 'DEMO-000005';
const B = 'DEMO-000007';

async function adminApi(page: Page) {
  const info = await (await page.request.get('/api/v1/settings/account/getAccountInfo')).json();
  const headers = { 'x-csrf-token': info.csrfToken as string };
  return async (method: string, url: string, data?: unknown) => {
    const answer = await page.request.fetch(url, { method, data, headers });
    expect(answer.status(), `${method} ${url}: ${await answer.text()}`).toBe(200);
    return answer.json() as Promise<{ id: number }>;
  };
}

test('create a site and a link between two simulated devices, see it green; cut it, see it red', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page);
  const api = await adminApi(page);
  const [a, b] = [await deviceIdOf(page, A, { online: true }), await deviceIdOf(page, B, { online: true })];
  await api('POST', '/api/v1/sdwan/subnet/add', { cidr: '100.96.0.0/16' });
  const siteB = await api('POST', '/api/v1/sdwan/site/add', { name: 'Branch E2E', lans: ['172.29.2.0/24'] });

  await page.getByTestId('app-SDWAN').click();
  await expect(page).toHaveURL(/\/desk\/sdwan/);
  await page.getByRole('tab', { name: 'Sites' }).click();
  await page.getByTestId('sdwan-add-site').click();
  await page.getByTestId('sdwan-site-name').fill('HQ E2E');
  await page.getByTestId('sdwan-site-lans').locator('input').fill('172.29.1.0/24');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Site added successfully.')).toBeVisible();

  const sites = (await (await page.request.get('/api/v1/sdwan/topology')).json()) as {
    sites: { id: number; name: string }[];
  };
  const siteA = sites.sites.find((s) => s.name === 'HQ E2E')!;
  await api('POST', '/api/v1/sdwan/node/add', { deviceId: a, siteId: siteA.id });
  await api('POST', '/api/v1/sdwan/node/add', { deviceId: b, siteId: siteB.id });

  await page.getByRole('tab', { name: 'Links' }).click();
  await page.getByTestId('sdwan-add-link').click();
  await chooseOption(page, 'sdwan-link-a', 'HQ E2E');
  await chooseOption(page, 'sdwan-link-b', 'Branch E2E');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Link added successfully.')).toBeVisible();

  const made = (
    (await (await page.request.get('/api/v1/sdwan/topology')).json()) as {
      links: { id: number; siteA: number; siteB: number }[];
    }
  ).links.find((l) => l.siteA === siteA.id && l.siteB === siteB.id)!;
  await page.getByRole('tab', { name: 'Topology' }).click();
  await expect(page.getByTestId('sdwan-map')).toBeVisible();
  const link = page.getByTestId(`sdwan-link-${made.id}`);
  const edge = (state: string) =>
    page.locator(`.react-flow__edge.sdwan-link-id-${made.id}.sdwan-link-${state}`);
  // Green: the simulated devices report the tunnel up with traffic; the edge on the map is drawn green.
  await expect(link).toHaveAttribute('data-state', 'active', { timeout: 45_000 });
  await expect(edge('active')).toHaveCount(1);

  fs.appendFileSync(path.join(process.env.E2E_DEMO_DATA_DIR!, 'fleet-control'), `cut ${B} 20000\n`);
  await expect(link).toHaveAttribute('data-state', 'fail', { timeout: 30_000 });
  await expect(edge('fail')).toHaveCount(1);
  // The cut ends: the link comes back by itself.
  await expect(link).toHaveAttribute('data-state', 'active', { timeout: 45_000 });
});
