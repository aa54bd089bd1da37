import { expect, test } from '@playwright/test';
import { chooseLanguage, openDeskApp, signInAs } from './helpers.ts';

test('signs in, opens Settings from the desktop and sees the own account', async ({ page }) => {
  await signInAs(page);
  await expect(page.getByText('Login successfully.')).toBeVisible();
  await openDeskApp(page, 'Settings');
  await expect(page).toHaveURL(/\/desk\/settings/);
  await expect(page.locator('input[value="admin"], :text("admin")').first()).toBeVisible();
});

test('a wrong password shows the error toast and stays on the login screen', async ({ page }) => {
  await page.goto('/');
  await page.locator('#login-name').fill('admin');
  await page.locator('#login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(
    page.locator('.ant-notification-notice').getByText('Incorrect user account or password.'),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/\/desk/);
});

test('empty fields show the SPEC message', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText("User Account & User Password can't be null.").first()).toBeVisible();
});

test('switches to Arabic: right-to-left layout and Arabic text, kept in the language cookie', async ({
  page,
  context,
}) => {
  await signInAs(page);
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'language')?.value).toBe('Arabic');
  await expect(page.getByTestId('app-Inventory')).toContainText(/[\u0600-\u06FF]/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await chooseLanguage(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});

test('switch user via /login shows the login screen while signed in', async ({ page }) => {
  await signInAs(page);
  await page.goto('/login');
  await expect(page.locator('#login-name')).toBeVisible();
  await signInAs(page);
});

test('logout asks for confirmation, then signs out', async ({ page }) => {
  await signInAs(page);
  await page.getByTestId('logout').click();
  await page.getByTestId('confirm-cancel').click();
  await expect(page).toHaveURL(/\/desk$/);
  await expect(page.getByTestId('app-Inventory')).toBeVisible();
  await page.getByTestId('logout').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.locator('#login-name')).toBeVisible();
  await page.goto('/desk');
  await expect(page.locator('#login-name')).toBeVisible();
});
