/**
 * Settings > Upgrade end to end (issue 22): auto-check turned off and on with a new time is kept across
 * a reload; with the upgrade key set, a signed device image uploads and is listed; an unsigned one is
 * refused with its message and nothing is added; the image is rolled out to a group chosen in the dialog
 * (one demo device put in a group of this test's own) and the version report shows the device running it.
 */
import { expect, test } from '@playwright/test';
import { generateSigningKeys } from '@edge/protocol/signature';
import { packImage } from '@edge/protocol/upgrade-image';
import { answerConfirm, chooseOption, expectToast, signInAs } from './helpers.ts';

const key = generateSigningKeys();
const version = `9.${Date.now() % 100000}.0`;

test('sets auto-check on the Upgrade page, uploads a signed device image and rolls it out to a group', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page);
  await page.goto('/desk/settings/upgrade');
  const form = page.getByTestId('upgrade-form');
  const autoCheck = page.getByTestId('upgrade-auto-check');
  await expect(autoCheck).toBeVisible();
  // SPEC 4 default: on. Turn it off, set a time and the key, save, and find it kept after a reload.
  if ((await autoCheck.getAttribute('aria-checked')) === 'true') await autoCheck.click();
  await form.getByLabel('Time (UTC)').fill('04:30');
  await form.getByLabel('Upgrade public key').fill(key.publicKeyPem);
  await page.getByTestId('upgrade-save').click();
  await answerConfirm(page);
  await expectToast(page, 'Upgrade settings saved successfully.');
  await page.reload();
  await expect(page.getByTestId('upgrade-auto-check')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('upgrade-form').getByLabel('Time (UTC)')).toHaveValue('04:30');
  await page.getByTestId('upgrade-auto-check').click();
  await page.getByTestId('upgrade-save').click();
  await answerConfirm(page);
  await expectToast(page, 'Upgrade settings saved successfully.');
  await page.reload();
  await expect(page.getByTestId('upgrade-auto-check')).toHaveAttribute('aria-checked', 'true');

  const input = page.getByTestId('upgrade-devices').locator('input[type=file]');
  const image = packImage(
    { kind: 'agent', model: '*', version },
    Buffer.from('agent program'),
    key.privateKeyPem,
  );
  await input.setInputFiles({ name: 'agent.img', mimeType: 'application/octet-stream', buffer: image });
  await expectToast(page, 'Image uploaded successfully.');
  await expect(page.getByTestId('upgrade-images')).toContainText(version);

  const lines = image.toString('latin1').split('\n');
  const unsigned = Buffer.from([lines[0], lines[1], '', ...lines.slice(3)].join('\n'), 'latin1');
  const rows = await page.getByTestId('upgrade-images').locator('tbody tr').count();
  await input.setInputFiles({ name: 'other.img', mimeType: 'application/octet-stream', buffer: unsigned });
  await expectToast(page, 'This image is not signed: only signed images are accepted.');
  await expect(page.getByTestId('upgrade-images').locator('tbody tr')).toHaveCount(rows);

  // A group of this test's own, holding one demo device: the dialog's group choice rolls the image out to it.
  const { csrfToken } = await (await page.request.get('/api/v1/settings/account/getAccountInfo')).json();
  const api = async (method: string, url: string, data: unknown) => {
    const answer = await page.request.fetch(url, { method, data, headers: { 'x-csrf-token': csrfToken } });
    expect(answer.status(), `${method} ${url}: ${await answer.text()}`).toBe(200);
    return answer.json();
  };
  const groupName = `upgrade-${version}`;
  const group = await api('POST', '/api/v1/inventory/group/create', { name: groupName });
  // The report's first row (its first page): the device whose version the test then reads there.
  const { list } = await (await page.request.get('/api/v1/systemUpgrade/versions')).json();
  const target = (list as { deviceId: string; name: string }[])[0]!;
  await api('PATCH', '/api/v1/inventory/group/assign', { groupId: group.id, deviceIds: [target.deviceId] });
  await page.reload();
  await page.getByTestId(`upgrade-rollout-open-${version}`).click();
  await expect(page.getByTestId('upgrade-rollout-start')).toBeDisabled();
  await chooseOption(page, 'upgrade-rollout-group', groupName);
  await page.getByTestId('upgrade-rollout-start').click();
  await expectToast(page, 'Upgrade started.');
  const report = page
    .getByTestId('upgrade-versions')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: target.name, exact: true }) });
  await expect(report).toContainText(version, { timeout: 60_000 });
  await api('DELETE', '/api/v1/inventory/group/delete', { id: group.id });
});
