/**
 * Diagnose against the demo's simulated fleet: a ping on one device whose reply lines arrive one by one
 * while it runs, its summarised result, the device's history (opened again), and a target that is not a
 * host name refused in the form with protocol's words.
 */
import { expect, test } from '@playwright/test';
import { E2E_DEMO_DEVICES } from './fixtures.ts';
import { chooseOption, signInAs } from './helpers.ts';

const DEVICE = 'DEMO-000002';

test('run a ping on a device and watch its lines arrive, then find it in the history', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page);
  await page.getByTestId('app-Diagnose').click();
  await expect(page).toHaveURL(/\/desk\/diagnose/);
  expect(E2E_DEMO_DEVICES).toBeGreaterThan(1);

  // A target that is not a host name or address is refused before anything is sent.
  await page.getByTestId('diagnose-ping-target').fill('-f');
  await page.getByTestId('diagnose-run').click();
  await expect(page.getByText('Target must be an IP address or a host name.')).toBeVisible();

  await page.getByTestId('diagnose-ping-target').fill('192.0.2.1');
  await page.getByTestId('diagnose-ping-count').fill('6');
  await page.getByTestId('diagnose-ping-interval').fill('1');
  await chooseOption(page, 'diagnose-devices', DEVICE, { partial: true, search: DEVICE });
  await page.keyboard.press('Escape');
  await page.getByTestId('diagnose-run').click();

  // The first reply line is on screen while the job still runs; the rest follow, live.
  const lines = page.getByTestId('diagnose-live-lines');
  await expect(lines).toContainText('icmp_seq=1', { timeout: 20_000 });
  await expect(page.getByTestId('job-progress')).toHaveAttribute('data-job-state', 'running');
  expect(await lines.textContent()).not.toContain('icmp_seq=6');
  await expect(lines).toContainText('icmp_seq=6', { timeout: 20_000 });
  await expect(page.getByTestId('job-progress')).toHaveAttribute('data-job-state', 'succeeded', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('job-progress')).toContainText(/received, loss \d+(\.\d)?%/);

  // The device's history has it, and opens it with every line.
  const history = page.getByTestId('diagnose-history');
  await expect(history.locator('tbody tr.ant-table-row').first()).toContainText('target=192.0.2.1');
  await history.getByTestId('diagnose-open').first().click();
  await expect(page.locator('.ant-modal-body').getByTestId('diagnose-lines')).toContainText('icmp_seq=6');
});
