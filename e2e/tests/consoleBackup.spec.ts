/**
 * Settings > Backup & Restore end to end: take a console backup with a passphrase, download it, upload it
 * back, refuse a wrong passphrase, then restore it after the confirmation with its progress shown until
 * the end; the console restarts on the restored store and the administrator signs in again.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { answerConfirm, expectToast, signInAs } from './helpers.ts';

const PASSPHRASE = 'e2e-backup-passphrase';

async function givePassphrase(page: Page, passphrase: string, ok: string) {
  const modal = page.locator('.ant-modal').filter({ has: page.getByTestId('console-backup-passphrase') });
  await expect(modal).toBeVisible();
  await modal.getByTestId('console-backup-passphrase').fill(passphrase);
  await modal.getByRole('button', { name: ok }).click();
}

test('backs the console up, downloads, uploads and restores it with the confirmation and progress', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page);
  await page.goto('/desk/settings/backup');
  await expect(page.getByTestId('console-backup-page')).toBeVisible();

  // Backup now, with the passphrase (too short first: the shared rule says so).
  await page.getByTestId('console-backup-now').click();
  await givePassphrase(page, 'short', 'Backup now');
  await expect(page.getByText('The passphrase must be 8 to 256 characters.')).toBeVisible();
  await givePassphrase(page, PASSPHRASE, 'Backup now');
  await expectToast(page, 'Backup created successfully.');
  const taken = page.locator('.ant-table-row').filter({ hasText: 'Taken here' }).first();
  await expect(taken).toBeVisible();
  await expect(page.getByTestId('console-backup-latest')).not.toContainText('None yet');

  // Download it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    taken.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.edgebackup$/);
  const saved = await download.path();
  const bytes = fs.readFileSync(saved);
  expect(bytes.length).toBeGreaterThan(1000);

  // A file that is not a console backup is refused; the downloaded one is taken back.
  const input = page.getByTestId('console-backup-upload').locator('..').locator('input[type=file]');
  await input.setInputFiles({
    name: 'notes.edgebackup',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('hello'),
  });
  await expectToast(page, 'This file is not a console backup.');
  await input.setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/octet-stream',
    buffer: bytes,
  });
  await expectToast(page, 'Backup file uploaded successfully.');
  const uploaded = page.locator('.ant-table-row').filter({ hasText: 'Uploaded' }).first();
  await expect(uploaded).toBeVisible();

  // A wrong passphrase is refused, nothing restored.
  await uploaded.getByRole('button', { name: 'Restore' }).click();
  await givePassphrase(page, 'not-the-passphrase', 'Restore');
  await answerConfirm(page, 'ok', 'Restore this backup?');
  await expectToast(page, 'The passphrase does not open this backup.');

  // Restore: confirmed, then its progress until the end.
  await uploaded.getByRole('button', { name: 'Restore' }).click();
  await givePassphrase(page, PASSPHRASE, 'Restore');
  await answerConfirm(page, 'ok', 'Restore this backup?');
  const progress = page.getByTestId('console-restore-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('Restore finished', { timeout: 120_000 });
  await expect(progress).toContainText('Restore successfully. Please sign in again.');

  // The console restarts on the restored store (its sessions are not restored): the administrator signs in
  // again, once it answers, and finds the backups. Right after the restore the old console still answers
  // 503 while it drains: each try is bounded so the next one reaches the restarted console.
  await expect(async () => {
    await signInAs(page, undefined, undefined, { timeout: 10_000 });
    await page.goto('/desk/settings/backup', { timeout: 10_000 });
    await expect(page.locator('.ant-table-row').filter({ hasText: 'Uploaded' }).first()).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 120_000 });
});
