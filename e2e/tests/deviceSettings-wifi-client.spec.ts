/**
 * WAN Wi-Fi client mode against the demo fleet: the Scan button asks the device's radio (rpc wifi.scan)
 * and the networks it hears are listed. Only DEMO-000002 (a simulated 5G gateway with Wi-Fi) is used.
 */
import { expect, test } from '@playwright/test';
import { chooseOption, signInAs } from './helpers.ts';
import { deviceIdOf } from './devices.ts';

const WIFI_CLIENT_DEVICE = 'DEMO-000002';

test('scanning from the WAN screen lists the networks the device hears', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page);
  const id = await deviceIdOf(page, WIFI_CLIENT_DEVICE, { online: true });
  await page.goto(`/desk/inventory/devices/${id}/settings/wan`);
  await expect(page.getByTestId('section-state')).toBeVisible();

  await chooseOption(page, 'wan-mode', 'Wi-Fi client');
  await expect(page.getByTestId('wifi-client')).toBeVisible();
  await expect(page.getByTestId('wifi-scan-hint')).toBeVisible();

  await page.getByTestId('wifi-scan').click();
  const table = page.getByTestId('wifi-scan-table');
  await expect(table).toBeVisible({ timeout: 20_000 });
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(rows.first()).toContainText(/-\d+ dBm/);
  await expect(rows.first()).toContainText(/([0-9a-f]{2}:){5}[0-9a-f]{2}/);
});
