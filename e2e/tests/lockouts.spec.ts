/**
 * Sign-in lock-outs under Security > Admin ACL (issue 13): wrong passwords lock an account out from this
 * address, the card lists it, and an administrator lets it in again from there. Uses an account name of
 * its own, so the administrator the other tests sign in as is never locked; its seven wrong passwords stay
 * well under the address's own limit (THROTTLE.perAddress, 20 in 15 minutes) for the rest of the run.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectToast, signInAs } from './helpers.ts';

/** SPEC: 5 wrong passwords from one address lock the account out from it. */
const FAILURES_TO_LOCK = 5;

const tryPassword = async (request: APIRequestContext, name: string) =>
  (await request.post('/api/v1/auth/login', { data: { name, password: 'Wrong-pass-0' } })).status();

test('wrong passwords lock an account out; an administrator clears the lock-out on the Admin ACL screen', async ({
  page,
  playwright,
}) => {
  // The throttle also delays the account (doubling from 1 s) while the failures pile up.
  test.setTimeout(120_000);
  const account = `e2e-locked-${Date.now().toString(36).slice(-6)}`;
  const stranger = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    for (let i = 0; i < FAILURES_TO_LOCK; i++) expect(await tryPassword(stranger, account)).toBe(401);
    expect(await tryPassword(stranger, account)).toBe(429);

    await signInAs(page);
    await page.goto('/desk/security/admin-acl');
    const card = page.getByTestId('lockouts');
    const row = card.locator('tr.ant-table-row', { hasText: account });
    await expect(row).toBeVisible();
    await expect(row).toContainText(String(FAILURES_TO_LOCK));
    await row.getByRole('button', { name: 'Clear', exact: true }).click();
    await expectToast(page, 'Sign-in lock-outs cleared.');
    await expect(row).toHaveCount(0);

    // Let in again: a wrong password is answered as one, not refused as locked out.
    expect(await tryPassword(stranger, account)).toBe(401);
  } finally {
    await stranger.dispose();
  }
});
