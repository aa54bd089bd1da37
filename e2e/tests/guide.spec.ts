/**
 * Quick-start guide end to end, on a console of its own that is new (no device adopted; the shared demo
 * has a fleet, so the guide would not open there on its own): the first sign-in opens it; the tour goes
 * Next and Previous over the desktop's three sections; Don't show again keeps it closed after signing in
 * again; the help menu still opens it.
 */
import { expect, test } from '@playwright/test';
import { startDemo, type Demo } from '../demo-process.ts';
import { E2E_ADMIN_PASSWORD } from './fixtures.ts';

let demo: Demo;

test.beforeAll(async () => {
  demo = await startDemo({ adminPassword: E2E_ADMIN_PASSWORD, devices: 0 });
});
test.afterAll(async () => demo?.stop());

test("takes the quick-start tour and chooses Don't show again", async ({ page }) => {
  test.setTimeout(120_000);
  const signIn = async () => {
    await page.goto(`${demo.url}/login`);
    await page.locator('#login-name').fill('admin');
    await page.locator('#login-password').fill(E2E_ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/desk$/);
  };
  // The modal's root (its test hook) is a wrapper without a box: the dialog is found by its name.
  const intro = page.getByRole('dialog', { name: 'Welcome to the console' });
  await signIn();
  await expect(intro).toBeVisible();
  await page.getByTestId('guide-start').click();

  const tour = page.locator('.ant-tour:visible');
  const progress = tour.getByTestId('guide-progress');
  await expect(tour).toContainText('Your desktop');
  await expect(progress).toHaveText('Provision · step 1 of 9');
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour).toContainText('Provision your devices');
  await tour.getByRole('button', { name: 'Previous' }).click();
  await expect(tour).toContainText('Your desktop');
  for (let i = 0; i < 4; i++) await tour.getByRole('button', { name: 'Next' }).click();
  await expect(progress).toHaveText('Create Link · step 5 of 9');
  for (let i = 0; i < 3; i++) await tour.getByRole('button', { name: 'Next' }).click();
  await expect(progress).toHaveText('Next/Previous steps · step 8 of 9');
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByRole('button', { name: 'Finish' })).toBeVisible();
  await tour.getByTestId('guide-dont-show').click();
  await expect(tour).toBeHidden();

  // Signing in again: it stays closed, the server keeps the choice.
  await signIn();
  await expect(page.getByTestId('desk-apps')).toBeVisible();
  const state = await (await page.request.get(`${demo.url}/api/v1/guide`)).json();
  expect(state).toEqual({ show: false, dismissed: true });
  await expect(intro).toHaveCount(0);

  // The help menu opens it all the same.
  await page.getByTestId('help-menu').click();
  await page.getByTestId('help-guide').click();
  await expect(intro).toBeVisible();
  await page.getByTestId('guide-skip').click();
  await expect(intro).toBeHidden();
});
