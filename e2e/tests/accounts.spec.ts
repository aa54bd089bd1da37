/**
 * Accounts, permissions and security end to end: a role with few apps and a user holding it, suspension,
 * WebAuthn with Chromium's virtual authenticator, an access token used from a plain HTTP client, the
 * access control list's lockout guard, and branding on the login screen. Every test removes what it made.
 */
import { expect, test, type Page } from '@playwright/test';
import { answerConfirm, chooseOption, pngImage, signInAs } from './helpers.ts';

const BASE = () => process.env.E2E_BASE_URL!;
const suffix = () => Date.now().toString(36).slice(-6);

async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('.ant-notification-notice').filter({ hasText: text }).first()).toBeVisible();
}

test('a user given a permission with only Settings > Account sees only that, and is shut out once suspended', async ({
  page,
  browser,
}) => {
  // Two browsers and a dozen round trips: on a loaded 2-core machine this walk alone takes over a minute.
  test.setTimeout(150_000);
  const tag = suffix();
  const roleName = `account-viewers-${tag}`;
  const userName = `viewer-${tag}`;
  const password = `Viewer-pass-${tag}`;

  await signInAs(page);

  // A permission (role) that opens Settings > Account only, for viewing.
  await page.goto('/desk/settings/permission');
  await expect(page.locator('.roles-select')).toContainText('Not select');
  await page.getByTestId('role-create').click();
  await page.getByLabel('Permission name').fill(roleName);
  await page.getByTestId('perm-expand-all').click();
  await page.getByLabel('Account: Enable').check();
  await expect(page.getByLabel('Settings: Enable')).toBeChecked();
  await page.getByTestId('role-save').click();
  await toast(page, 'Saved successfully.');
  // After saving, the page is in edit mode with the new role's name loaded.
  await expect(page.getByLabel('Permission name')).toHaveValue(roleName);
  await expect(page.locator('.roles-select')).toContainText(roleName);

  // A user holding it; the form checks with the protocol's rules first.
  await page.goto('/desk/settings/account?tab=users');
  await page.getByTestId('user-create').click();
  const form = page.getByTestId('user-form');
  await form.getByLabel('User name').fill(userName);
  await form.getByLabel('E-mail').fill(`${userName}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(`${password}-typo`);
  await page.getByTestId('user-form-save').click();
  await expect(form.getByText('Passwords do not match.')).toBeVisible();
  await expect(form.getByText('Please select at least one account type.')).toBeVisible();
  await form.getByLabel('Confirm password').fill(password);
  await chooseOption(page, form.locator('.ant-select', { has: page.getByRole('combobox') }), roleName);
  await form.getByLabel('Admin', { exact: true }).check();
  await page.getByTestId('user-form-save').click();
  await toast(page, 'Saved successfully.');
  const row = page.getByTestId(`user-row-${userName}`);
  await expect(row).toContainText(roleName);
  await expect(row).toContainText('Active');

  // An icon for the user: the console checks the kind of file first, the server the bytes.
  const iconInput = row.locator('input[type=file]');
  await iconInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await toast(page, 'The icon must be a PNG, JPEG, GIF or WebP image of at most 512 KB.');
  await iconInput.setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: pngImage(48, 48, [200, 80, 40, 255]),
  });
  await expect(row.locator('.ant-avatar img')).toBeVisible();

  // The administrator cannot suspend themselves: the server's words come back as a toast.
  await page.getByTestId('user-suspend-admin').click();
  await answerConfirm(page);
  await toast(page, 'This user is currently used.');

  // The user, in a browser of their own, sees only Settings, and in it only Account (and Language).
  const theirs = await browser.newContext();
  const userPage = await theirs.newPage();
  await signInAs(userPage, userName, password);
  await expect(userPage.getByTestId('app-Settings')).toBeVisible();
  await expect(userPage.locator('[data-testid^="app-"]')).toHaveCount(1);
  await userPage.getByTestId('app-Settings').click();
  await expect(userPage).toHaveURL(/\/desk\/settings\/account/);
  const menu = userPage.locator('.sidebar');
  await expect(menu.getByRole('menuitem', { name: 'Account' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Language' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Activity' })).toHaveCount(0);
  await expect(userPage.getByTestId('settings-link-Permission')).toHaveCount(0);
  // Viewing accounts is not managing them.
  await userPage.getByRole('tab', { name: 'Users' }).click();
  await expect(userPage.getByTestId(`user-row-${userName}`)).toBeVisible();
  await expect(userPage.getByTestId('user-create')).toHaveCount(0);
  // An app the role does not enable says so at its address instead of opening.
  await userPage.goto('/desk/security/acl');
  await expect(userPage.getByText('Not allowed')).toBeVisible();
  await expect(userPage).toHaveURL(/\/desk\/security\/acl$/);
  await userPage.getByRole('button', { name: 'Back to the desktop' }).click();
  await expect(userPage).toHaveURL(/\/desk$/);

  // Suspended by the administrator: the user's next request fails and they are back at the login screen.
  await page.getByTestId(`user-suspend-${userName}`).click();
  await answerConfirm(page, 'ok', 'Suspend this account?');
  await toast(page, `${userName} is suspended.`);
  await expect(row).toContainText('Suspended');
  // Opening Settings asks the server again (at the latest the Security keys tab does): refused, so back to sign-in.
  const signInScreen = userPage.locator('#login-name');
  await userPage.getByTestId('app-Settings').click();
  await userPage
    .getByRole('tab', { name: 'Security keys' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(signInScreen).toBeVisible();
  await signInScreen.fill(userName);
  await userPage.locator('#login-password').fill(password);
  await userPage.getByTestId('login-submit').click();
  await toast(userPage, 'This account is suspended.');
  await theirs.close();

  // Re-activate, then delete (irreversible) the user, then the permission.
  await page.getByTestId(`user-reactivate-${userName}`).click();
  await answerConfirm(page, 'ok', `Re-activate ${userName}?`);
  await expect(row).toContainText('Active');
  await page.getByTestId(`user-delete-${userName}`).click();
  await answerConfirm(page, 'ok', 'This operation will not be able to revert');
  await expect(row).toHaveCount(0);

  await page.goto('/desk/settings/permission');
  await page.getByTestId(`role-delete-${roleName}`).click();
  await answerConfirm(page, 'ok', 'This operation will not be able to revert');
  await expect(page.getByTestId(`role-edit-${roleName}`)).toHaveCount(0);
});

test('registers a security key and signs in with it, no password (virtual authenticator)', async ({
  browser,
}) => {
  // WebAuthn needs a domain as relying party: localhost, not 127.0.0.1.
  const origin = new URL(BASE());
  origin.hostname = 'localhost';
  const context = await browser.newContext({ baseURL: origin.origin });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const keyName = `e2e-key-${suffix()}`;

  await signInAs(page);
  await page.goto('/desk/settings/account?tab=keys');
  const name = page.locator('#webauthn-name');
  await name.fill('bad name!');
  await page.getByTestId('webauthn-register').click();
  await expect(page.getByText('Security key name may contain only A-Z, a-z, 0-9, - and _')).toBeVisible();
  await name.fill(keyName);
  await page.getByTestId('webauthn-register').click();
  await toast(page, `Security key ${keyName} registered.`);
  const keys = page.getByTestId('security-keys');
  await expect(keys.getByRole('cell', { name: keyName, exact: true })).toBeVisible();

  await page.getByTestId(`webauthn-rename-${keyName}`).click();
  await page.locator('#webauthn-rename_name').fill(`${keyName}-x`);
  await page.getByTestId('webauthn-rename-save').click();
  await expect(keys.getByRole('cell', { name: `${keyName}-x`, exact: true })).toBeVisible();

  // Sign out, then in again with the key alone.
  await page.getByTestId('logout').click();
  await answerConfirm(page);
  await expect(page.locator('#login-name')).toBeVisible();
  await page.getByTestId('webauthn-login').click();
  await toast(page, 'Login successfully.');
  await expect(page.getByTestId('app-Inventory')).toBeVisible();

  await page.goto('/desk/settings/account?tab=keys');
  await expect(keys.getByRole('row', { name: new RegExp(`${keyName}-x`) })).not.toContainText('Never');
  await page.getByTestId(`webauthn-delete-${keyName}-x`).click();
  await answerConfirm(page);
  await expect(keys.getByRole('cell', { name: `${keyName}-x`, exact: true })).toHaveCount(0);
  await context.close();
});

test('says so on the login screen when the browser has no WebAuthn', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'PublicKeyCredential', { value: undefined, configurable: true });
  });
  await page.goto('/');
  await page.getByTestId('webauthn-login').click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Webauthn not supported on browser' }),
  ).toBeVisible();
});

test('an access token made in the console works from a plain HTTP client until it is revoked', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page);
  await page.getByTestId('app-Security').click();
  await page.locator('.sidebar').getByRole('menuitem', { name: 'API Access Tokens' }).click();
  await expect(page).toHaveURL(/\/desk\/security\/tokens/);

  const tokenName = `e2e-token-${suffix()}`;
  await page.getByTestId('token-create').click();
  await expect(page.getByText('Token name cannot be empty.')).toBeVisible();
  await expect(page.getByText('Please pick an end date.')).toBeVisible();
  await expect(page.getByText('Please select at least one scope.')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(tokenName);
  const endDate = `${new Date().getUTCFullYear() + 1}-12-31`;
  await page.locator('#token_endDate').fill(endDate);
  await page.locator('#token_endDate').press('Enter');
  await page.getByRole('checkbox', { name: /read_user/ }).check();
  await page.getByTestId('token-create').click();

  const secret = page.getByTestId('token-secret');
  await expect(secret).toHaveValue(/^edge_pat_/);
  const token = await secret.inputValue();
  await page.getByTestId('token-copy').click();
  await toast(page, 'Token copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await page.getByTestId('token-secret-close').click();
  await expect(secret).toHaveCount(0);

  const accountInfo = () =>
    fetch(`${BASE()}/api/v1/settings/account/getAccountInfo`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  const answer = await accountInfo();
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { name: string }).name).toBe('admin');

  const tokenRow = page.getByRole('row', { name: new RegExp(tokenName) });
  await expect(tokenRow).toContainText('read_user');
  await expect(tokenRow).toContainText(endDate);
  await page.getByTestId(`token-revoke-${tokenName}`).click();
  await answerConfirm(page, 'ok', `Revoke the token ${tokenName}?`);
  await expect(tokenRow).toContainText('Revoked');
  expect((await accountInfo()).status).toBe(401);
});

test('enabling the access control list without the own address asks first, and the list ends disabled', async ({
  page,
}) => {
  await signInAs(page);
  await page.goto('/desk/security/acl');
  const enabled = page.getByTestId('acl-enabled');
  await expect(enabled).not.toBeChecked();

  // The server refuses (409) a change that would shut the operator out; the console asks explicitly.
  await enabled.click();
  await answerConfirm(page, 'ok', 'Enable this list?');
  await answerConfirm(page, 'cancel', 'This change would shut out your own address.');
  await expect(enabled).not.toBeChecked();

  // With the own address listed, enabling needs no second question.
  await page.getByTestId('acl-add').click();
  await expect(page.getByText('IP address cannot be empty.')).toBeVisible();
  await expect(page.getByText('Description cannot be empty.')).toBeVisible();
  await page.getByTestId('acl-use-my-address').click();
  await page.locator('#acl-add_Description').fill('e2e operator');
  await page.getByTestId('acl-add').click();
  await expect(page.getByTestId('acl-your-address')).toContainText('is on the list');
  await enabled.click();
  await answerConfirm(page, 'ok', 'Enable this list?');
  await expect(enabled).toBeChecked();
  await expect(page.getByTestId('security-status')).not.toContainText(
    'Neither access control nor access token is enabled',
  );

  await enabled.click();
  await answerConfirm(page, 'ok', 'Disable this list?');
  await expect(enabled).not.toBeChecked();
  await page.getByTestId('acl-delete-127.0.0.1').click();
  await answerConfirm(page);
  await expect(page.getByTestId('acl-your-address')).toContainText('is not on the list');
});

test('a new logo, platform name and company link show on the login screen at once', async ({
  page,
  browser,
}) => {
  await signInAs(page);
  await page.goto('/desk/settings/branding');
  const logo = page.getByTestId('branding-logo');

  // The server measures the logo: anything but 110x40 is refused in its words.
  await logo.locator('input[type=file]').setInputFiles({
    name: 'wrong.png',
    mimeType: 'image/png',
    buffer: pngImage(100, 40),
  });
  await toast(page, 'The logo must be 110x40 pixels.');
  await logo.locator('input[type=file]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: pngImage(110, 40),
  });
  await toast(page, 'Saved successfully.');
  await expect(logo.locator('img')).toBeVisible();

  // The favicon is applied to the tab at once, too.
  await page
    .getByTestId('branding-favicon')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'favicon.png',
      mimeType: 'image/png',
      buffer: pngImage(32, 32, [230, 90, 30, 255]),
    });
  await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', /\/api\/v1\/branding\/favicon\?v=/);

  await page.getByLabel('Platform name').fill('Acme Edge');
  await page.getByLabel('Company link').fill('example dot com');
  await page.getByTestId('branding-save').click();
  await expect(page.getByText('Invalid company link')).toBeVisible();
  await page.getByLabel('Company link').fill('https://example.com/');
  await page.getByTestId('branding-save').click();
  await answerConfirm(page);
  await toast(page, 'Saved successfully.');
  // Applied live: the tab title and the header follow at once.
  await expect(page).toHaveTitle('Acme Edge');
  await expect(page.locator('.desk-brand')).toContainText('Acme Edge');

  const visitor = await browser.newContext();
  const login = await visitor.newPage();
  await login.goto('/');
  const shown = login.getByTestId('brand-logo');
  await expect(shown).toBeVisible();
  // Visible comes before decoded: wait for the image's own size.
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([110, 40]);
  await expect(login.locator('#login-title')).toHaveText('Acme Edge');
  await expect(login).toHaveTitle('Acme Edge');
  await expect(login.getByTestId('company-link')).toHaveAttribute('href', 'https://example.com/');
  await visitor.close();

  // Back to the product's own branding.
  await page.getByTestId('branding-logo-remove').click();
  await answerConfirm(page);
  await expect(logo.locator('img')).toHaveCount(0);
  await page.getByTestId('branding-favicon-remove').click();
  await answerConfirm(page);
  await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', '/favicon.svg');
  await page.getByLabel('Platform name').fill('');
  await page.getByLabel('Company link').fill('');
  await page.getByTestId('branding-save').click();
  await answerConfirm(page);
  await expect(page).toHaveTitle('Edge Console');
});
