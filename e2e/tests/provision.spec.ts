/**
 * Provision's security controls (issue 13) against the demo console: the enrolment secret shown to a
 * manager and rotated, waiting devices removed one, selected and all, a second key for a waiting serial
 * shown as a conflict with both fingerprints, and a second key for an adopted serial listed until the
 * operator dismisses it. Every test leaves Discovery empty and no conflict behind.
 */
import { expect, test, type Page } from '@playwright/test';
import { answerConfirm, expectToast, signInAs } from './helpers.ts';
import { askToEnrol, fingerprintOf, newEnrolKey } from './enrol.ts';

const BASE = () => process.env.E2E_BASE_URL!;
const tag = () => Date.now().toString(36).slice(-6).toUpperCase();

/** The organisation's enrolment secret as the API gives it to a Provision manager. */
async function currentSecret(page: Page): Promise<string> {
  const answer = await page.request.get('/api/v1/provision/enrolment-secret');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { secret: string }).secret;
}

const discoveryRow = (page: Page, serial: string) =>
  page.getByTestId('discovery-table').locator('tr.ant-table-row', { hasText: serial });

test('the enrolment secret is shown on request and rotated; the old one no longer enrols', async ({
  page,
}) => {
  await signInAs(page);
  await page.goto('/desk/provision');
  const shown = page.getByTestId('enrol-secret');
  const before = await currentSecret(page);
  // Hidden until asked for: screens are shared and recorded.
  await expect(shown).not.toContainText(before);
  await page.getByTestId('enrol-secret-toggle').click();
  await expect(shown).toContainText(before);

  await page.getByTestId('enrol-secret-rotate').click();
  await answerConfirm(page, 'ok', /new enrolment secret/);
  await expectToast(page, 'Enrolment secret rotated.');
  const after = await currentSecret(page);
  expect(after).not.toBe(before);
  await expect(shown).toContainText(after);

  const serial = `E2E-ROT-${tag()}`;
  expect(await askToEnrol(BASE(), serial, before)).toBe('refused');
  expect(await askToEnrol(BASE(), serial, after)).toBe('pending');
  await expect(discoveryRow(page, serial)).toBeVisible();
  await discoveryRow(page, serial).getByTestId(`discovery-remove-${serial}`).click();
  await answerConfirm(page, 'ok', serial);
  await expect(discoveryRow(page, serial)).toHaveCount(0);
});

test('waiting devices are removed one, selected and all; a second key is a conflict with both fingerprints', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page);
  await page.goto('/desk/provision');
  const secret = await currentSecret(page);
  const id = tag();
  const [first, second, third, fourth] = ['A', 'B', 'C', 'D'].map((s) => `E2E-${id}-${s}`) as [
    string,
    string,
    string,
    string,
  ];
  const realKey = newEnrolKey();
  expect(await askToEnrol(BASE(), first, secret, realKey)).toBe('pending');
  for (const serial of [second, third, fourth])
    expect(await askToEnrol(BASE(), serial, secret)).toBe('pending');
  const otherKey = newEnrolKey();
  expect(await askToEnrol(BASE(), first, secret, otherKey)).toBe('refused');

  // The conflict tag, its tooltip with the other key's fingerprint, and the Adopt dialog with both.
  const conflict = page.getByTestId(`conflict-${first}`);
  await expect(conflict).toBeVisible();
  await conflict.hover();
  await expect(page.locator('.ant-tooltip:visible')).toContainText(fingerprintOf(otherKey));
  await page.getByTestId(`adopt-${first}`).click();
  await expect(page.getByTestId('adopt-fingerprint')).toHaveText(fingerprintOf(realKey));
  await expect(page.getByTestId('adopt-conflict')).toContainText(fingerprintOf(otherKey));
  await page.locator('.ant-modal:visible').getByRole('button', { name: 'Cancel' }).click();

  // One.
  await page.getByTestId(`discovery-remove-${first}`).click();
  await answerConfirm(page, 'ok', first);
  await expectToast(page, 'Removed from Discovery.');
  await expect(discoveryRow(page, first)).toHaveCount(0);

  // Selected.
  await discoveryRow(page, second).locator('.ant-checkbox-input').check();
  await page.getByTestId('discovery-remove-selected').click();
  await answerConfirm(page, 'ok', 'Remove 1 devices from Discovery?');
  await expect(discoveryRow(page, second)).toHaveCount(0);
  await expect(discoveryRow(page, third)).toBeVisible();

  // All.
  await page.getByTestId('discovery-remove-all').click();
  await answerConfirm(page, 'ok', 'Remove every device waiting in Discovery?');
  await expect(page.getByTestId('discovery-table').locator('tr.ant-table-row')).toHaveCount(0);
  await expect(page.getByTestId('discovery-remove-all')).toBeDisabled();
});

test('a second key for an adopted serial is listed with both fingerprints until dismissed', async ({
  page,
}) => {
  await signInAs(page);
  await page.goto('/desk/provision');
  const serial = 'DEMO-000012';
  const otherKey = newEnrolKey();
  expect(await askToEnrol(BASE(), serial, await currentSecret(page), otherKey)).toBe('refused');

  const card = page.getByTestId('adopted-conflicts');
  await expect(card).toBeVisible();
  await expect(page.getByTestId(`adopted-conflict-${serial}`)).toHaveText(fingerprintOf(otherKey));
  await page.getByTestId(`adopted-conflict-dismiss-${serial}`).click();
  await answerConfirm(page, 'ok', serial);
  await expectToast(page, 'Conflict dismissed.');
  await expect(card).toHaveCount(0);
  // The device keeps its place and its key.
  const devices = await page.request.get('/api/v1/inventory/list', { params: { search: serial } });
  expect(((await devices.json()) as { list: { sn: string }[] }).list.map((d) => d.sn)).toContain(serial);
});
