/**
 * Profile Management end to end: a Wi-Fi policy profile created with the Wi-Fi section's own editor, its dry
 * run on a group (what would change per device), its rollout watched wave by wave (canary, then the rest)
 * until every device holds it, and the profile deleted after the SPEC 8 confirmation; a blacklist profile
 * made with the Clients section’s own block form and saved; a rollout paused between its waves starts
 * nothing more until it is resumed, then finishes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { answerConfirm, chooseOption, expectToast, signInAs } from './helpers.ts';

const tag = Date.now().toString(36).slice(-6);
const GROUP = `profiles-${tag}`;
const PROFILE = `Staff Wi-Fi ${tag}`;
const SSID = `staff-${tag}`;

async function adminApi(page: Page) {
  const info = await (await page.request.get('/api/v1/settings/account/getAccountInfo')).json();
  const headers = { 'x-csrf-token': info.csrfToken as string };
  return async (method: string, url: string, data?: unknown) => {
    const answer = await page.request.fetch(url, { method, data, headers });
    expect(answer.status(), `${method} ${url}: ${await answer.text()}`).toBe(200);
    return answer.json();
  };
}

type Listed = { id: string; sn: string; online: boolean };

/** Demo devices as Inventory lists them (the first page of 40). */
async function listed(page: Page): Promise<Listed[]> {
  const answer = await page.request.get('/api/v1/inventory/list', { params: { page: 1, pageSize: 40 } });
  return ((await answer.json()) as { list: Listed[] }).list;
}

/** A group of these devices, made through the API (the group screens have their own spec). */
async function groupOf(page: Page, name: string, deviceIds: string[]) {
  const api = await adminApi(page);
  const group = await api('POST', '/api/v1/inventory/group/create', { name });
  await api('PATCH', '/api/v1/inventory/group/assign', { groupId: group.id, deviceIds });
  return { api, group: group as { id: number } };
}

/** A profile deleted from its row after the SPEC 8 question, gone from the list. */
async function deleteProfile(page: Page, row: Locator) {
  await row.getByTestId('profile-delete').click();
  await answerConfirm(page, 'ok', 'Are you sure you want to delete this profile?');
  await expectToast(page, 'Profile deleted successfully.');
  await expect(row).toHaveCount(0);
}

/** Every device of the rollout holds the profile (its assignments); the drawer closed. */
async function heldByAll(page: Page, count: number) {
  await expect(
    page.getByTestId('profile-assignment-state').filter({ hasText: 'Holds the profile' }),
  ).toHaveCount(count);
  await page.keyboard.press('Escape');
}

/**
 * Chooses the group of the Apply drawer. Under load the drawer may re-render (live pushes) and drop the
 * first choice, leaving Dry run disabled: the choice is made again until it holds.
 */
const chooseRolloutGroup = (page: Page, name: string) =>
  chooseOption(page, 'profile-rollout-group', name, {
    chosen: () => expect(page.getByTestId('profile-dry-run-button')).toBeEnabled({ timeout: 2_000 }),
  });

test('a Wi-Fi profile is created, dry-run on a group, rolled out in waves and deleted', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page);
  const devices = (await listed(page)).slice(0, 3);
  const { api, group } = await groupOf(
    page,
    GROUP,
    devices.map((d) => d.id),
  );

  // Created with the Wi-Fi section's own editor: its SSID dialog and its Apply, which saves the profile.
  await page.goto('/desk/mission');
  await expect(page).toHaveURL(/\/desk\/mission\/profile$/);
  await page.getByTestId('profile-create').click();
  await page.getByTestId('profile-create-wifi').click();
  const editor = page.locator('.ant-modal').filter({ has: page.getByTestId('profile-name') });
  await expect(editor).toBeVisible();
  // The editor re-renders once its fleet choices arrive, which can swallow a first click on a busy machine.
  await expect(async () => {
    await page.getByTestId('wifi-apply').click();
    await expect(editor.getByText('Profile name cannot be empty.')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('profile-name').fill(PROFILE);
  await page.getByTestId('wifi-ssid-add').click();
  await page.getByTestId('wifi-ssid-input').fill(SSID);
  await page.getByTestId('wifi-password-input').fill('staff-pass-1');
  await page.getByTestId('wifi-ssid-save').click();
  await expect(page.getByTestId('wifi-ssid-table')).toContainText(SSID);
  await page.getByTestId('wifi-apply').click();
  await expectToast(page, 'Profile created successfully.');
  await expect(editor).toBeHidden();
  const row = page.getByTestId(`profile-row-${PROFILE}`);
  await expect(row).toBeVisible();

  // Dry run on the group: every device would get the SSID.
  await row.getByTestId('profile-apply').click();
  await chooseRolloutGroup(page, GROUP);
  await page.getByTestId('profile-dry-run-button').click();
  await expect(page.getByTestId('profile-dry-run-summary')).toHaveText(
    '3 devices: 3 would change, 0 already hold it, 0 refused.',
  );
  await page.getByTestId('profile-dry-run-devices').locator('.ant-table-row-expand-icon').first().click();
  await expect(page.getByTestId('profile-dry-run-changes').first()).toContainText(SSID);

  // Rolled out: a canary of one device, then the rest, until every device holds it.
  await page.getByTestId('profile-rollout-canary').fill('34');
  await page.getByTestId('profile-rollout-button').click();
  await answerConfirm(page, 'ok', `Roll out ${PROFILE} to 3 devices?`);
  await expectToast(page, 'Rollout started.');
  const progress = page.getByTestId('job-progress');
  await expect(progress).toHaveAttribute('data-job-state', 'succeeded', { timeout: 90_000 });
  await expect(progress.getByTestId('profile-step-wave').filter({ hasText: 'Canary' })).toHaveCount(2);
  await expect(progress.getByTestId('profile-step-wave').filter({ hasText: 'Rest' })).toHaveCount(1);
  await heldByAll(page, 3);

  // Deleted after the SPEC 8 question.
  await deleteProfile(page, row);
  await api('DELETE', '/api/v1/inventory/group/delete', { id: group.id }).catch(() => undefined);
});

test('a blacklist profile is made with the Clients section’s own block form and saved', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page);
  const name = `Banned ${tag}`;
  const mac = '1a:2b:3c:4d:5e:6f';
  await page.goto('/desk/mission');
  await page.getByTestId('profile-create').click();
  await page.getByTestId('profile-create-blacklist').click();
  const editor = page.locator('.ant-modal').filter({ has: page.getByTestId('profile-name') });
  await expect(editor).toBeVisible();
  await page.getByTestId('profile-name').fill(name);
  // The device section's block form, its question, then the row in the profile's blacklist (not sent yet).
  await editor.getByTestId('clients-block-mac').fill(mac);
  await editor.getByTestId('clients-block-submit').click();
  await answerConfirm(page, 'ok', `Block ${mac}?`);
  await expect(editor.getByTestId('clients-blacklist')).toContainText(mac);
  await editor.getByTestId('profile-save').click();
  await expectToast(page, 'Profile created successfully.');
  await expect(editor).toBeHidden();
  const row = page.getByTestId(`profile-row-${name}`);
  await expect(row).toBeVisible();

  // Opened again, it holds the MAC; deleted after the SPEC 8 question.
  await row.getByTestId('profile-edit').click();
  await expect(editor.getByTestId('clients-blacklist')).toContainText(mac);
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await deleteProfile(page, row);
});

test('a rollout paused in its canary wave starts no further step until resumed, then finishes', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAs(page);
  const name = `Paused firewall ${tag}`;
  const groupName = `paused-${tag}`;
  // Devices the first test did not use: their rollout starts from scratch.
  const devices = (await listed(page)).filter((d) => d.online).slice(3, 6);
  expect(devices).toHaveLength(3);
  const { api, group } = await groupOf(
    page,
    groupName,
    devices.map((d) => d.id),
  );
  await api('POST', '/api/v1/mission/profile/create', {
    name,
    kind: 'firewall',
    body: {
      enabled: true,
      whitelist: [],
      rules: [{ port: 2222, protocol: 'TCP', action: 'DROP', description: `paused ${tag}` }],
    },
  });
  await page.goto('/desk/mission');
  const row = page.getByTestId(`profile-row-${name}`);
  await row.getByTestId('profile-apply').click();
  await chooseRolloutGroup(page, groupName);
  await page.getByTestId('profile-dry-run-button').click();
  await expect(page.getByTestId('profile-dry-run-summary')).toContainText('3 devices: 3 would change');

  // The group's devices drop off the network for a while (the demo fleet's control file): the canary's
  // steps wait for them, so the rollout is still in its first wave when it is paused.
  const control = path.join(process.env.E2E_DEMO_DATA_DIR!, 'fleet-control');
  for (const d of devices) fs.appendFileSync(control, `drop ${d.sn} 20000\n`);
  await expect
    .poll(
      async () => (await listed(page)).filter((d) => devices.some((x) => x.id === d.id) && d.online).length,
      {
        timeout: 30_000,
      },
    )
    .toBe(0);
  await page.getByTestId('profile-rollout-canary').fill('34');
  await page.getByTestId('profile-rollout-button').click();
  await answerConfirm(page, 'ok', `Roll out ${name} to 3 devices?`);
  await expectToast(page, 'Rollout started.');
  const progress = page.getByTestId('job-progress');
  await expect(progress).toHaveAttribute('data-job-state', 'running');
  await progress.getByTestId('job-pause').click();
  await expectToast(page, 'Rollout paused: no further device is sent the profile until it is resumed.');
  await expect(progress).toHaveAttribute('data-job-state', 'paused');
  await expect(progress.getByTestId('job-resume')).toBeVisible();

  // The devices come back; the job stays paused and its rest wave does not start.
  await expect
    .poll(
      async () => (await listed(page)).filter((d) => devices.some((x) => x.id === d.id) && d.online).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(3);
  await page.waitForTimeout(5_000);
  await expect(progress).toHaveAttribute('data-job-state', 'paused');
  const rest = progress.locator('tr', {
    has: page.getByTestId('profile-step-wave').filter({ hasText: 'Rest' }),
  });
  await expect(rest).toHaveCount(1);
  await expect(rest.getByTestId('step-state')).toHaveText(/Queued|Waiting for the device/);

  // Resumed: the canary, then the rest, until every device holds the profile.
  await progress.getByTestId('job-resume').click();
  await expectToast(page, 'Rollout resumed.');
  await expect(progress).toHaveAttribute('data-job-state', 'succeeded', { timeout: 120_000 });
  await expect(rest.getByTestId('step-state')).toHaveText('Succeeded');
  await heldByAll(page, 3);
  await deleteProfile(page, row);
  await api('DELETE', '/api/v1/inventory/group/delete', { id: group.id }).catch(() => undefined);
});
