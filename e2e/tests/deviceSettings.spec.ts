/**
 * Device network settings against the demo's simulated fleet: a Wi-Fi SSID is applied and reported back,
 * an invalid SSID is refused with the SPEC 5 message, and a WAN change that cuts a wired device off from
 * the console is rolled back by the device itself (the e2e demo confirms within CONFIG_CONFIRM_TIMEOUT_MS=8 s).
 */
import { expect, test } from '@playwright/test';
import { openSection } from './devices.ts';
import { answerConfirm, chooseOption, signInAs } from './helpers.ts';

/** Wired (non-cellular) demo devices not used by the other specs' reboots. */
/** The SPEC 5 messages of the SSID rule (packages/protocol/src/messages.ts). */
const SSID_LEADING_CHAR = 'SSID must not start with !, # or ;.';
const SSID_LENGTH = 'SSID must be at most 32 characters.';
const VLAN_RANGE = 'VLAN ID must be between 2 and 4094.';

const WIFI_DEVICE = 'DEMO-000006';
const WAN_DEVICE = 'DEMO-000004';

test('a new Wi-Fi SSID is applied and reported back; an invalid one shows the rule message', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page);
  const id = await openSection(page, WIFI_DEVICE, 'wifi');

  // Invalid SSIDs are refused in the form with the protocol's words.
  await page.getByTestId('wifi-ssid-add').click();
  await page.getByTestId('wifi-ssid-input').fill('!office');
  await page.getByTestId('wifi-password-input').fill('office-pass-1');
  await page.getByTestId('wifi-ssid-save').click();
  await expect(page.getByText(SSID_LEADING_CHAR)).toBeVisible();
  await page.getByTestId('wifi-ssid-input').fill('a'.repeat(33));
  await expect(page.getByText(SSID_LENGTH)).toBeVisible();

  // The VLAN is an explicit choice: VLAN 1 typed as a tagged VLAN is refused with the VLAN rule's words.
  await page.getByTestId('wifi-ssid-input').fill('e2e-office');
  await expect(page.getByTestId('wifi-vid-input')).toHaveCount(0);
  await page.getByTestId('wifi-vlan-mode').getByText('Tagged VLAN').click();
  await page.getByTestId('wifi-vid-input').fill('1');
  await page.getByTestId('wifi-ssid-save').click();
  await expect(page.getByText(VLAN_RANGE)).toBeVisible();
  await page.getByTestId('wifi-vid-input').fill('4095');
  await expect(page.getByText(VLAN_RANGE)).toBeVisible();

  // A valid one, untagged (no VLAN), is added to the table and applied.
  await page.getByTestId('wifi-vlan-mode').getByText('Untagged (no VLAN)').click();
  await page.getByTestId('wifi-ssid-save').click();
  await expect(page.getByTestId('wifi-ssid-table')).toContainText('e2e-office');
  await expect(page.getByTestId('wifi-ssid-table')).toContainText('Untagged (no VLAN)');
  await page.getByTestId('wifi-apply').click();
  await answerConfirm(page, 'ok');
  await expect(page.getByTestId('section-state')).toHaveAttribute('data-state', 'in_sync', {
    timeout: 30_000,
  });

  // The device reports what the console wants.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/v1/inventory/settings/state', {
          params: { id, section: 'wifi' },
        });
        const view = (
          (await answer.json()) as {
            sections: { reported: { list: { ssid: string }[] } | null; drift: unknown[] }[];
          }
        ).sections[0]!;
        return { ssids: view.reported?.list.map((s) => s.ssid) ?? [], drift: view.drift.length };
      },
      { timeout: 30_000 },
    )
    .toEqual({ ssids: ['e2e-office'], drift: 0 });
  await expect(page.getByTestId('section-drift')).toHaveCount(0);
});

test('a static WAN address outside the provider network cuts the device off, and it rolls back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page);
  await openSection(page, WAN_DEVICE, 'wan');
  await expect(page.getByTestId('section-state')).toHaveAttribute('data-state', 'in_sync');

  await chooseOption(page, 'wan-mode', 'Static IP');
  await page.getByTestId('wan-ip').fill('192.0.2.10');
  await page.getByTestId('wan-netmask').fill('255.255.255.0');
  await page.getByTestId('wan-gateway').fill('192.0.2.1');
  await page.getByTestId('wan-dns1').fill('1.1.1.1');
  await page.getByTestId('wan-dns2').fill('8.8.8.8');
  await page.getByTestId('wan-apply').click();
  await answerConfirm(page, 'ok', /restores its previous configuration/);

  await expect(page.getByTestId('section-state')).toHaveAttribute('data-state', 'rolled_back', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('section-outcome')).toHaveAttribute('data-outcome', 'rolled_back');
});
