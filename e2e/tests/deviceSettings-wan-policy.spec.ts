/**
 * Multiple WAN, clients and remote help against the demo's simulated fleet (DEMO-000010..12 only):
 * a one-WAN device shows the SPEC 8 message instead of the form; a device given a second WAN is set to
 * failover; a client MAC is blocked and unblocked; remote help is turned on with its confirmation.
 */
import { expect, test, type Page } from '@playwright/test';
import { deviceIdOf, openSection } from './devices.ts';
import { answerConfirm, chooseOption, signInAs } from './helpers.ts';

const ONE_WAN_DEVICE = 'DEMO-000010';
const TWO_WAN_DEVICE = 'DEMO-000011';
const CLIENTS_DEVICE = 'DEMO-000012';
const REMOTE_HELP_DEVICE = 'DEMO-000010';

/** protocol messages.ts (SPEC 8 and 5). */
const NEEDS_TWO = 'Multiple WAN must have two WAN interfaces for allowing to use this function';
const INVALID_MAC = 'Invalid MAC format';
const SETTINGS = '/api/v1/inventory/settings';

const expectInSync = (page: Page) =>
  expect(page.getByTestId('section-state')).toHaveAttribute('data-state', 'in_sync', { timeout: 60_000 });

/** A second WAN interface (DHCP) for the device, written through the WAN setting call as the console would. */
async function addSecondWan(page: Page, id: string): Promise<void> {
  const info = await page.request.get('/api/v1/settings/account/getAccountInfo');
  const { csrfToken } = (await info.json()) as { csrfToken: string };
  const answer = await page.request.patch(`${SETTINGS}/multipleWan/setting`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { id, iface: 'eth1', mode: 'dhcp', dns_mode: 'auto', dns_server_1: '', dns_server_2: '' },
  });
  expect(answer.ok()).toBe(true);
}

test('multiple WAN: the two-WAN message on a one-WAN device, failover on a device with two', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page);

  await openSection(page, ONE_WAN_DEVICE, 'multipleWan');
  await expect(page.getByTestId('multiple-wan-needs-two')).toContainText(NEEDS_TWO);
  await expect(page.getByTestId('multiple-wan-needs-two')).toContainText('Set at least two ports as WAN');
  await expect(page.getByTestId('multiple-wan-mode')).toHaveCount(0);
  await expect(page.getByTestId('wan-status-eth0')).toBeVisible();

  const id = await deviceIdOf(page, TWO_WAN_DEVICE);
  await addSecondWan(page, id);
  await openSection(page, TWO_WAN_DEVICE, 'multipleWan');
  await chooseOption(page, 'multiple-wan-mode', 'Failover');
  await chooseOption(page, 'multiple-wan-secondary', 'eth1');
  await page.getByTestId('multiple-wan-apply').click();
  await answerConfirm(page, 'ok', /restores its previous configuration/);
  await expectInSync(page);
  await expect(page.getByTestId('wan-status-eth1')).toBeVisible();

  const state = await page.request.get(`${SETTINGS}/state`, { params: { id, section: 'multipleWan' } });
  const view = ((await state.json()) as { sections: { desired: { mode: string; secondary: string } }[] })
    .sections[0]!;
  expect(view.desired).toMatchObject({ mode: 'failover', secondary: 'eth1' });
});

test('a client MAC is blocked and unblocked, each after a confirmation', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAs(page);
  await openSection(page, CLIENTS_DEVICE, 'clients');
  const mac = '1a:2b:3c:4d:5e:6f';

  await page.getByTestId('clients-block-mac').fill('1a:2b:3c:4d:5e');
  await page.getByTestId('clients-block-submit').click();
  await expect(page.getByText(INVALID_MAC)).toBeVisible();

  await page.getByTestId('clients-block-mac').fill(mac);
  await page.getByTestId('clients-block-name').fill('e2e-intruder');
  await page.getByTestId('clients-block-submit').click();
  await answerConfirm(page, 'ok', `Block ${mac}?`);
  await expect(page.getByTestId('clients-blacklist')).toContainText(mac);
  await expectInSync(page);

  await page.getByTestId(`clients-unblock-${mac}`).click();
  await answerConfirm(page, 'ok', `Unblock ${mac}?`);
  await expect(page.getByTestId('clients-blacklist')).not.toContainText(mac);
  await expectInSync(page);
});

test('remote help is turned on with a confirmation and reported back in sync', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAs(page);
  const id = await openSection(page, REMOTE_HELP_DEVICE, 'general');
  const toggle = page.getByTestId('general-remote-help');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  await toggle.click();
  await answerConfirm(page, 'ok', /Port 22 of the device becomes reachable for support/);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expectInSync(page);
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`${SETTINGS}/agent/generalSetting/get`, { params: { id } });
        return ((await answer.json()) as { remoteHelp: boolean }).remoteHelp;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const state = await page.request.get(`${SETTINGS}/state`, { params: { id, section: 'general' } });
  const view = ((await state.json()) as { sections: { reported: { remoteHelp: boolean } | null }[] })
    .sections[0]!;
  expect(view.reported?.remoteHelp).toBe(true);
});
