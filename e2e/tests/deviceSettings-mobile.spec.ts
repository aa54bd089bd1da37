/**
 * Mobile network settings against one cellular demo device. The demo's models are drawn per serial from
 * packages/agent/src/platform/catalogue.ts (a seeded pick, seed 1): DEMO-000005 is a RUTM50 5G Gateway.
 * An APN profile is saved, put in use through quick select and applied, and the device reports both back;
 * the signal figures come from the live dashboard push and change without the page asking again.
 */
import { expect, test, type Page } from '@playwright/test';
import { deviceIdOf } from './devices.ts';
import { answerConfirm, chooseOption, signInAs } from './helpers.ts';

const CELLULAR_DEVICE = 'DEMO-000005';
const PROFILE = 'e2e-corp';

async function reported(page: Page, id: string) {
  const answer = await page.request.get('/api/v1/inventory/settings/state', {
    params: { id, section: 'mobileNetwork' },
  });
  const view = (
    (await answer.json()) as {
      sections: {
        reported: {
          apnSetting: { name: string; apn: string };
          saveProfile: { apn_list: { name: string }[] };
        } | null;
        drift: unknown[];
      }[];
    }
  ).sections[0]!;
  return {
    inUse: view.reported?.apnSetting.name ?? '',
    apn: view.reported?.apnSetting.apn ?? '',
    saved: view.reported?.saveProfile.apn_list.map((p) => p.name) ?? [],
    drift: view.drift.length,
  };
}

const inSync = (page: Page) =>
  expect(page.getByTestId('section-state')).toHaveAttribute('data-state', 'in_sync', { timeout: 30_000 });

test('live signal figures; an APN profile is saved, quick-selected, applied and reported back', async ({
  page,
}) => {
  test.setTimeout(150_000);
  let dashboardReads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/dashboards/get')) dashboardReads++;
  });
  await signInAs(page);
  const id = await deviceIdOf(page, CELLULAR_DEVICE);
  await page.goto(`/desk/inventory/devices/${id}/settings/mobileNetwork`);
  await expect(page.getByTestId('section-state')).toBeVisible();

  // Signal and information, from the pushed dashboard: the figures move as the device reports (every 5 s).
  await expect(page.getByTestId('cell-rsrp')).toHaveText(/^-\d+ dBm$/, { timeout: 30_000 });
  await expect(page.getByTestId('cell-band')).toHaveText('n78');
  await expect(page.getByTestId('cell-imei')).toHaveText(/^\d{15}$/);
  const figures = () =>
    Promise.all(['cell-rsrp', 'cell-rsrq', 'cell-snr'].map((t) => page.getByTestId(t).textContent())).then(
      (v) => v.join('|'),
    );
  const first = await figures();
  await expect.poll(figures, { timeout: 45_000 }).not.toBe(first);
  expect(dashboardReads).toBe(1);

  // A private profile needs an APN name: the protocol's rule message.
  await chooseOption(page, 'apn-type', 'Private');
  await page.getByTestId('apn-name').fill(PROFILE);
  await page.getByTestId('mobile-apn-save').click();
  await expect(page.getByText('APN name cannot be empty.')).toBeVisible();

  // Saved for later.
  await page.getByTestId('apn-apn').fill('corp.e2e');
  await page.getByTestId('apn-username').fill('fleet');
  await page.getByTestId('apn-password').fill('fleet-secret');
  await page.getByTestId('apn-operator').fill('Taiwan Mobile');
  await page.getByTestId('mobile-apn-save').click();
  await answerConfirm(page, 'ok');
  await inSync(page);
  await expect(page.getByTestId('mobile-saved-profiles')).toContainText(PROFILE);

  // Quick select fills the form from the saved profile; Apply puts it in use.
  await chooseOption(page, 'apn-quick-select', PROFILE, {
    chosen: () => expect(page.getByTestId('apn-name')).toHaveValue(PROFILE, { timeout: 2_000 }),
  });
  await expect(page.getByTestId('apn-apn')).toHaveValue('corp.e2e');
  await page.getByTestId('mobile-apn-apply').click();
  await answerConfirm(page, 'ok');
  await inSync(page);

  // The device reports the profile in use and saved, with nothing differing from what the console wants.
  await expect
    .poll(() => reported(page, id), { timeout: 30_000 })
    .toEqual({ inUse: PROFILE, apn: 'corp.e2e', saved: [PROFILE], drift: 0 });
  await expect(page.getByTestId('apn-name')).toHaveValue(PROFILE);
});
