/**
 * Auth Connect against the demo's simulated fleet (issue 23): the form refuses a confirm password that
 * differs with the SPEC 5 words; an account created for a device reaches it (the simulator reports it in
 * its Wi-Fi section) and shows on that device's Wi-Fi authentication list; deleting it (confirmed) takes
 * it off again.
 */
import { expect, test, type Page } from '@playwright/test';
import { openSection } from './devices.ts';
import { answerConfirm, chooseOption, signInAs } from './helpers.ts';

/** The Wi-Fi device of the demo fleet (deviceSettings.spec.ts uses it too; accounts are not its form's). */
const DEVICE = 'DEMO-000006';
const ACCOUNT = 'e2e-hotspot';
/** SPEC 5 'Auth connection rules' (packages/protocol/src/messages-auth-connect.ts). */
const MISMATCH = 'Password and confirm password must be identical.';

/** The account names the device itself reports holding. */
const reportedAccounts = async (page: Page, id: string): Promise<string[]> => {
  const answer = await page.request.get('/api/v1/inventory/settings/state', {
    params: { id, section: 'wifi' },
  });
  const view = (
    (await answer.json()) as { sections: { reported: { accounts?: { name: string }[] } | null }[] }
  ).sections[0]!;
  return view.reported?.accounts?.map((a) => a.name) ?? [];
};

test('an Auth Connect account reaches a simulated device and shows on its Wi-Fi authentication list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page);
  await page.goto('/desk/auth-connect');
  await page.getByTestId('auth-connect-add').click();
  await page.getByTestId('auth-connect-name').fill(ACCOUNT);
  await page.getByTestId('auth-connect-password').fill('Hotspot-pass-1');
  await page.getByTestId('auth-connect-confirm').fill('Hotspot-pass-2');
  await page.getByTestId('auth-connect-save').click();
  await expect(page.getByText(MISMATCH)).toBeVisible();
  await page.getByTestId('auth-connect-confirm').fill('Hotspot-pass-1');
  await expect(page.getByText(MISMATCH)).toHaveCount(0);

  await chooseOption(page, 'auth-connect-devices', DEVICE, { partial: true, search: DEVICE });
  await page.keyboard.press('Escape');
  await page.getByTestId('auth-connect-save').click();
  await expect(page.getByTestId('auth-connect-table')).toContainText(ACCOUNT);

  const id = await openSection(page, DEVICE, 'wifi');
  await expect.poll(() => reportedAccounts(page, id), { timeout: 30_000 }).toEqual([ACCOUNT]);
  await page.reload();
  await expect(page.getByTestId(`wifi-account-${ACCOUNT}`)).toBeVisible();
  const listed = await page.request.get('/api/v1/inventory/settings/wifi/authentication/list', {
    params: { id },
  });
  expect(((await listed.json()) as { accounts: { name: string }[] }).accounts).toEqual([{ name: ACCOUNT }]);

  // Deleted after a confirmation: the device gives it up.
  await page.goto('/desk/auth-connect');
  await page
    .getByTestId('auth-connect-table')
    .getByRole('row', { name: new RegExp(ACCOUNT) })
    .getByRole('button')
    .last()
    .click();
  await answerConfirm(page, 'ok');
  await expect(page.getByTestId('auth-connect-table')).not.toContainText(ACCOUNT);
  await expect.poll(() => reportedAccounts(page, id), { timeout: 30_000 }).toEqual([]);
});
