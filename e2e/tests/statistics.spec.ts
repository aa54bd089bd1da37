/**
 * Issue 18 in the browser against the demo fleet: the Dashboard's pie shows the online share truncated
 * (as its own counts give it), Statistics compares three devices on one chart with a row of figures each
 * and downloads the view as a PDF that holds its title and figures, and a client blocked from the Clients
 * list is in its device's own blacklist, then unblocked.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { deviceIdOf } from './devices.ts';
import { answerConfirm, chooseOption, signInAs } from './helpers.ts';

const DEVICES = ['DEMO-000001', 'DEMO-000002', 'DEMO-000003'];

test('the dashboard pie shows the online percentage truncated', async ({ page }) => {
  await signInAs(page);
  await page.getByTestId('app-Dashboard').click();
  await expect(page).toHaveURL(/\/desk\/dashboard/);
  const pie = page.getByTestId('widget-devices');
  await expect(pie.getByTestId('num-online')).not.toHaveText('0');
  const online = Number(await pie.getByTestId('num-online').textContent());
  const offline = Number(await pie.getByTestId('num-offline').textContent());
  await expect(pie.getByTestId('online-percent')).toHaveText(
    `${Math.trunc((online * 100) / (online + offline))}%`,
  );
  await expect(page.getByTestId('dashboard-cpu')).toBeVisible();
  await expect(page.getByTestId('dashboard-top-cpu').locator('.ant-list-item')).not.toHaveCount(0);
});

test('compare three devices, then download the view as a PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page);
  for (const serial of DEVICES) await deviceIdOf(page, serial, { online: true });
  await page.getByTestId('app-Statistics').click();
  await page.getByTestId('statistics-mode').getByText('Comparison').click();
  const picker = page.getByTestId('statistics-devices');
  for (const serial of DEVICES) {
    await picker.click();
    await picker.locator('input').fill(serial);
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title*="${serial}"]`).click();
  }
  await page.keyboard.press('Escape');
  const figures = page.getByTestId('statistics-figures');
  await expect(figures.locator('tbody tr.ant-table-row')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId('statistics-chart')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('statistics-pdf').click(),
  ]);
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Statistics report');
  expect(text).toContain('CPU usage');
  const firstAverage = (await figures
    .locator('tbody tr.ant-table-row')
    .first()
    .locator('td')
    .nth(2)
    .textContent())!;
  expect(text).toContain(firstAverage.trim());
});

test("block a client, see it in its device's blacklist, then unblock it", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page);
  const deviceId = await deviceIdOf(page, DEVICES[1]!, { online: true });
  await page.getByTestId('app-Clients').click();
  // A client of a device known to be online: the list also holds the clients of devices other specs adopted
  // and stopped, whose block stays on its way until they return (a fresh-clone run picked one of those).
  await chooseOption(page, 'clients-device', `(${DEVICES[1]})`, { partial: true, search: DEVICES[1] });
  const table = page.getByTestId('clients-table');
  const row = table
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.locator(`a[href$="/${deviceId}"]`) })
    .filter({ has: page.getByTestId('client-block') })
    .first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const mac = (await row.locator('td').nth(2).textContent())!.trim();
  const rowOf = table.locator('tbody tr.ant-table-row', { hasText: mac });

  await rowOf.getByTestId('client-block').click();
  await answerConfirm(page, 'ok', mac);
  // The block is the device's blacklist applied through its settings: Blocking… until the device reports it.
  await expect(rowOf.getByTestId('client-state')).toContainText('Blocked', { timeout: 30_000 });
  const blacklist = async () =>
    (
      (await (
        await page.request.get('/api/v1/inventory/settings/clients/list', { params: { id: deviceId } })
      ).json()) as {
        blacklist: { mac: string }[];
      }
    ).blacklist.map((c) => c.mac);
  await expect.poll(blacklist).toContain(mac);

  await rowOf.getByTestId('client-unblock').click();
  await answerConfirm(page, 'ok', mac);
  await expect.poll(blacklist).not.toContain(mac);
  // Nothing offers to unblock it any more: its row says Block, or it is gone while the client, cut off by
  // the block, has not joined the device again (simulated clients come and go).
  await expect(rowOf.getByTestId('client-unblock')).toHaveCount(0);
});
