/**
 * Profile templates end to end: a template made on the Profiles app with the device sections' own editors
 * (its device name, and an SSID with the Wi-Fi section's dialog and Apply), saved; a device of this test's
 * own asks to join, is adopted in Provision naming the template, and its own settings pages then show the
 * template's Wi-Fi and device name, applied and reported back by the device; the template copied under a
 * new name, and the copy deleted after the SPEC 8 question.
 */
import { expect, test, type Page } from '@playwright/test';
import { fleetSerial } from '@edge/protocol';
import { answerConfirm, chooseOption, expectDialogShown, expectToast, signInAs } from './helpers.ts';
import { openSection } from './devices.ts';
import { startWaitingFleet, type TestFleet } from './fleet.ts';

const tag = Date.now().toString(36).slice(-6).toUpperCase();
const TEMPLATE = `Shop ${tag}`;
const DEVICE_NAME = `shop-${tag.toLowerCase()}`;
const SSID = `shop-guests-${tag.toLowerCase()}`;
const PREFIX = `TPL${tag}`;

let fleet: TestFleet | undefined;

/** The device's section page, read again until the device holds what the console wants and `shows` passes. */
async function applied(page: Page, serial: string, section: string, shows: () => Promise<void>) {
  await openSection(page, serial, section);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('section-state')).toHaveAttribute('data-state', 'in_sync', {
      timeout: 5_000,
    });
    await shows();
  }).toPass({ timeout: 120_000 });
}
test.afterAll(async () => fleet?.stop());

test('a template made in the browser is given to a device adopted with it; copied, and the copy deleted', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page);

  // Made with the sections' own editors: the device name, then an SSID with the Wi-Fi section's dialog.
  await page.goto('/desk/mission');
  await page.getByTestId('profiles-tab-templates').click();
  await page.getByTestId('template-create').click();
  const editor = page.locator('.ant-modal').filter({ has: page.getByTestId('template-name') });
  await expectDialogShown(editor);
  await editor.getByTestId('template-save').click();
  await expect(editor.getByText('Profile name cannot be empty.')).toBeVisible();
  await editor.getByTestId('template-name').fill(TEMPLATE);
  await editor.getByTestId('template-device-name').fill(DEVICE_NAME);
  await editor.getByTestId('template-part-wifi').click();
  await editor.getByTestId('wifi-ssid-add').click();
  await page.getByTestId('wifi-ssid-input').fill(SSID);
  await page.getByTestId('wifi-password-input').fill('welcome-123');
  await page.getByTestId('wifi-ssid-save').click();
  await expect(editor.getByTestId('wifi-ssid-table')).toContainText(SSID);
  await editor.getByTestId('wifi-apply').click();
  await expect(editor.getByTestId('template-part-wifi')).toHaveAttribute('data-changed', 'true');
  await editor.getByTestId('template-save').click();
  await expectToast(page, 'Profile created successfully.');
  await expect(editor).toBeHidden();
  const row = page.getByTestId(`template-row-${TEMPLATE}`);
  await expect(row).toBeVisible();

  // A device of the test's own asks to join; adopted in Provision with the template.
  const serial = fleetSerial(PREFIX, 1);
  fleet = await startWaitingFleet(page, PREFIX);
  await page.goto('/desk/provision');
  const adopt = page.getByTestId(`adopt-${serial}`);
  await expect(adopt).toBeVisible({ timeout: 60_000 });
  await adopt.click();
  await chooseOption(page, 'adopt-profile', TEMPLATE);
  await page.getByTestId('adopt-ok').click();
  await expect(adopt).toHaveCount(0, { timeout: 30_000 });

  // The device's own pages: the template's SSID and device name, applied and reported back.
  await applied(page, serial, 'wifi', () =>
    expect(page.getByTestId('wifi-ssid-table')).toContainText(SSID, { timeout: 5_000 }),
  );
  await applied(page, serial, 'general', () =>
    expect(page.getByTestId('general-device-name')).toHaveValue(DEVICE_NAME, { timeout: 5_000 }),
  );

  // Copied under a new name; the copy deleted after the SPEC 8 question.
  await page.goto('/desk/mission');
  await page.getByTestId('profiles-tab-templates').click();
  await page.getByPlaceholder('Search templates').fill(tag);
  await row.getByTestId('template-copy-open').click();
  const copyDialog = page.locator('.ant-modal').filter({ has: page.getByTestId('template-copy-name') });
  await expectDialogShown(copyDialog);
  await expect(copyDialog.getByTestId('template-copy-name')).toHaveValue(`${TEMPLATE} (copy)`);
  await copyDialog.getByTestId('template-copy-save').click();
  await expect(copyDialog).toBeHidden();
  await expectToast(page, 'Profile created successfully.');
  const copy = page.getByTestId(`template-row-${TEMPLATE} (copy)`);
  await expect(copy).toBeVisible();
  await copy.getByTestId('template-delete').click();
  await answerConfirm(page, 'ok', 'Are you sure you want to delete this profile?');
  await expectToast(page, 'Profile deleted successfully.');
  await expect(copy).toHaveCount(0);
  await expect(row).toBeVisible();
});
