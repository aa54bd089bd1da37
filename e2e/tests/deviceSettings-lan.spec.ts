/**
 * LAN settings of one demo device (DEMO-000007, used by no other spec): a VLAN and then a DHCP server for it
 * are applied and reported back in sync, and invalid values are refused with the SPEC 5 messages.
 */
import { expect, test, type Page } from '@playwright/test';
import { deviceIdOf } from './devices.ts';
import { answerConfirm, chooseOption, signInAs } from './helpers.ts';

const DEVICE = 'DEMO-000007';
const VID = 42;
/** The protocol's words (packages/protocol/src/messages.ts). */
const VLAN_ID_RANGE = 'VLAN ID must be between 2 and 4094.';
const DHCP_INVALID_IP = 'DHCP contains invalid IP.';

interface SectionView {
  state: string;
  reported: { list: { vid: number }[] } | null;
  drift: unknown[];
}

/** The VLAN IDs the device reports for a section, once nothing drifts: what "reported back in sync" means. */
async function expectReported(page: Page, id: string, section: 'vlan' | 'dhcp', vid: number) {
  await expect(page.getByTestId('section-state')).toHaveAttribute('data-state', 'in_sync', {
    timeout: 30_000,
  });
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/v1/inventory/settings/state', {
          params: { id, section },
        });
        const view = ((await answer.json()) as { sections: SectionView[] }).sections[0]!;
        return {
          state: view.state,
          has: view.reported?.list.some((row) => row.vid === vid) ?? false,
          drift: view.drift.length,
        };
      },
      { timeout: 30_000 },
    )
    .toEqual({ state: 'in_sync', has: true, drift: 0 });
  await expect(page.getByTestId('section-drift')).toHaveCount(0);
}

test('a VLAN and its DHCP server are applied and reported back; invalid values show the rule messages', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page);
  const id = await deviceIdOf(page, DEVICE);
  await page.goto(`/desk/inventory/devices/${id}/settings/vlan`);
  await expect(page.getByTestId('section-state')).toBeVisible();

  // VLAN: an ID outside 2-4094 is refused in the dialog, a valid one is listed and applied.
  await page.getByTestId('vlan-add').click();
  await page.getByTestId('vlan-vid').fill('5000');
  await page.getByTestId('vlan-description').fill('e2e cameras');
  await page.getByTestId('vlan-entry-save').click();
  await expect(page.getByText(VLAN_ID_RANGE)).toBeVisible();
  await page.getByTestId('vlan-vid').fill(String(VID));
  await page.getByTestId('vlan-entry-save').click();
  await expect(page.getByTestId('vlan-table').locator(`tr[data-row-key="${VID}"]`)).toContainText(
    'e2e cameras',
  );
  await page.getByTestId('vlan-apply').click();
  await answerConfirm(page, 'ok');
  await expectReported(page, id, 'vlan', VID);

  // DHCP for the new VLAN: an invalid gateway shows the SPEC message, a valid pool is applied.
  await page.getByTestId('settings-nav-dhcp').click();
  await expect(page.getByTestId('section-dhcp')).toBeVisible();
  await page.getByTestId('dhcp-add').click();
  await chooseOption(page, 'dhcp-vid', String(VID));
  await page.getByTestId('dhcp-description').fill('e2e cameras');
  await page.getByTestId('dhcp-gateway').fill('192.168.42.300');
  await page.getByTestId('dhcp-range-start').fill('192.168.42.100');
  await page.getByTestId('dhcp-range-end').fill('192.168.42.150');
  await page.getByTestId('dhcp-dns').fill('192.168.42.1');
  await page.getByTestId('dhcp-pool-save').click();
  await expect(page.getByText(DHCP_INVALID_IP)).toBeVisible();
  await page.getByTestId('dhcp-gateway').fill('192.168.42.1');
  await page.getByTestId('dhcp-pool-save').click();
  await answerConfirm(page, 'ok');
  await expect(page.getByTestId('dhcp-table').locator(`tr[data-row-key="${VID}"]`)).toContainText(
    '192.168.42.100 to 192.168.42.150, netmask 255.255.255.0',
  );
  await expectReported(page, id, 'dhcp', VID);
});
