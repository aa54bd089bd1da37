import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './fixtures.ts';

/** Signs in through /login, which shows the login screen even to someone already signed in (switch user). */
export async function signInAs(page: Page, name = 'admin', password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-name').fill(name);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/desk$/);
}

export async function chooseLanguage(page: Page, label: string): Promise<void> {
  await page.getByTestId('language-switch').click();
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`);
  await option.scrollIntoViewIfNeeded();
  await option.click();
}
