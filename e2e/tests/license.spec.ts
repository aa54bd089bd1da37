/**
 * License end to end: licences signed with this run's key (global-setup.ts) are uploaded through the
 * License app; a licence's devices sort by expiry ascending and descending. A count licence larger than
 * the fleet is uploaded first so no other spec meets a License Lock; both are deleted at the end (the
 * trial covers the fleet again).
 */
import { expect, test, type Page } from '@playwright/test';
import { signLicense } from '@edge/server/license-signing';
import { signInAs } from './helpers.ts';

const tag = Date.now().toString(36).slice(-6);
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function licenceFile(payload: Record<string, unknown>) {
  const key = process.env.E2E_LICENSE_KEY;
  if (!key) throw new Error('global-setup.ts did not make a licence key');
  return {
    name: `${String(payload.id)}.lic`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(signLicense(payload, key))),
  };
}

async function upload(page: Page, file: ReturnType<typeof licenceFile>) {
  await page.getByTestId('license-upload').locator('input[type=file]').setInputFiles(file);
  await expect(
    page.locator('.ant-notification, .ant-message').getByText('Licence uploaded successfully.').first(),
  ).toBeVisible();
}

test('uploads licences and sorts a licence’s devices by expiry', async ({ page }) => {
  const fleet = `fleet-${tag}`;
  const named = `named-${tag}`;
  await signInAs(page);
  await page.goto('/desk/license');
  await expect(page.getByTestId('trial-active')).toBeVisible();

  await upload(
    page,
    licenceFile({ id: fleet, name: `Fleet ${tag}`, startDate: day(-1), endDate: day(365), count: 1000 }),
  );
  await upload(
    page,
    licenceFile({
      id: named,
      name: `Named ${tag}`,
      startDate: day(-1),
      endDate: day(365),
      devices: [
        { sn: 'DEMO-000001', expire: day(10) },
        { sn: 'DEMO-000002', expire: day(40) },
        { sn: 'DEMO-000003', expire: day(20) },
      ],
    }),
  );
  const table = page.getByTestId('license-table');
  await expect(table).toContainText(`Fleet ${tag}`);
  await expect(table).toContainText(`Named ${tag}`);
  // Licences replace the trial.
  await expect(page.getByTestId('trial-active')).toHaveCount(0);

  await page.getByTestId(`license-devices-${named}`).click();
  const devices = page.getByTestId('license-devices');
  const serials = devices.locator('tbody tr td:nth-child(2)');
  await expect(serials).toHaveText(['DEMO-000001', 'DEMO-000003', 'DEMO-000002']);
  await devices.getByRole('columnheader', { name: 'Expiry' }).click();
  await expect(serials).toHaveText(['DEMO-000002', 'DEMO-000003', 'DEMO-000001']);
  await devices.getByRole('columnheader', { name: 'Expiry' }).click();
  await expect(serials).toHaveText(['DEMO-000001', 'DEMO-000003', 'DEMO-000002']);

  // Priority: the named licence first.
  await page.getByTestId(`license-up-${named}`).click();
  await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(`Named ${tag}`);

  // Leave the console as it was: no licence, the trial in force.
  const info = await (await page.request.get('/api/v1/settings/account/getAccountInfo')).json();
  for (const id of [fleet, named]) {
    const res = await page.request.delete('/api/v1/license/delete', {
      data: { id },
      headers: { 'x-csrf-token': info.csrfToken as string },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
});
