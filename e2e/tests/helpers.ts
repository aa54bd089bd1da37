import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './fixtures.ts';

export async function signInAs(page: Page, name = 'admin', password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.locator('#login-name').fill(name);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/desk$/);
}

export async function chooseLanguage(page: Page, label: string): Promise<void> {
  await page.getByTestId('language-switch').click();
  await page.getByRole('option', { name: label }).click();
}
