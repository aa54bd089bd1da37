/**
 * Settings > Network end to end on the namespace global-setup.ts gives the console: a change refused by
 * the SPEC 5 rules shows on the field; an applied change shows its countdown and the new address, is kept
 * with "Keep this change"; a second one is rolled back from the page. HTTPS turned on gets a generated
 * certificate, then off again (the HTTP port, which the other specs use, is left alone).
 */
import net from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { answerConfirm, expectToast, signInAs } from './helpers.ts';

const link = process.env.E2E_NETWORK_LINK!;
const subnet = process.env.E2E_NETWORK_SUBNET!;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function applyAddress(page: Page, host: number) {
  const form = page.getByTestId('network-interface');
  await form.getByLabel('IP address').fill(`${subnet}.${host}`);
  await form.getByLabel('Subnet mask').fill('255.255.255.0');
  await form.getByLabel('Gateway').fill(`${subnet}.1`);
  await page.getByTestId('network-apply').click();
  await answerConfirm(page, 'ok', /seconds/);
  await expectToast(page, 'Applied. Confirm within the window');
  await expect(page.getByTestId('network-pending')).toBeVisible();
  await expect(page.getByTestId('network-addresses')).toContainText(`${subnet}.${host}/24`);
}

test('changes the host interface with confirm-or-rollback, and serves HTTPS', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAs(page);
  await page.goto('/desk/settings/network');
  const form = page.getByTestId('network-interface');
  await page.getByTestId('network-interface-select').click();
  await page.locator('.ant-select-item-option', { hasText: link }).click();
  await expect(page.getByTestId('network-addresses')).toContainText(`${subnet}.2/24`);

  // The gateway outside the subnet is refused on the field, and nothing is applied.
  await form.getByText('Static', { exact: true }).first().click();
  await form.getByLabel('IP address').fill(`${subnet}.7`);
  await form.getByLabel('Subnet mask').fill('255.255.255.0');
  await form.getByLabel('Gateway').fill('10.9.9.1');
  await page.getByTestId('network-apply').click();
  await expect(
    form.getByText('The gateway must be in the subnet of the IP address and subnet mask.'),
  ).toBeVisible();
  await expect(page.getByTestId('network-pending')).toHaveCount(0);

  await applyAddress(page, 7);
  await page.getByTestId('network-keep').click();
  await expectToast(page, 'Network settings confirmed.');
  await expect(page.getByTestId('network-pending')).toHaveCount(0);

  await applyAddress(page, 8);
  await page.getByTestId('network-rollback').click();
  await answerConfirm(page, 'ok', 'The previous network settings come back now.');
  await expectToast(page, 'The previous network settings were restored.');
  await expect(page.getByTestId('network-addresses')).toContainText(`${subnet}.7/24`);

  const ports = page.getByTestId('network-ports');
  await ports.getByLabel('HTTPS port').fill(String(await freePort()));
  await page.getByTestId('network-https').click();
  await page.getByTestId('network-ports-save').click();
  await answerConfirm(page);
  await expectToast(page, 'Ports saved.');
  await expect(page.getByTestId('network-certificate')).toContainText('Self-signed (generated)');
  await page.getByTestId('network-https').click();
  await page.getByTestId('network-ports-save').click();
  await answerConfirm(page);
  await expectToast(page, 'Ports saved.');
});
