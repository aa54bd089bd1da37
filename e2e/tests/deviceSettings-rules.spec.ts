/**
 * The rule-table screens against the demo's simulated fleet (device DEMO-000008 only): a port forward and a
 * firewall port rule are added, applied and reported back by the device in sync; a NAT rule with an
 * invalid source subnet is refused in its dialog with the SPEC 5 message.
 */
import { expect, test, type Page } from '@playwright/test';
import { openSection } from './devices.ts';
import { answerConfirm, chooseOption, signInAs } from './helpers.ts';

const DEVICE = 'DEMO-000008';
/** The SPEC 5 message of the NAT subnet rule (packages/protocol/src/messages.ts). */
/** The demo devices' WAN interface. */
const WAN = 'eth0';
const NAT_SUBNET_FORMAT = 'Source subnet must be A.B.C.D/8 to A.B.C.D/32.';

/** A port no earlier run against the same demo has used, so the add is never a duplicate. */
const freshPort = () => 10_000 + (Date.now() % 50_000);

/** Applies the section, then waits until the device reports what the console wants. */
async function applyAndSync<T>(
  page: Page,
  id: string,
  section: string,
  applyTestId: string,
  reported: (doc: T) => boolean,
): Promise<void> {
  await page.getByTestId(applyTestId).click();
  await answerConfirm(page, 'ok');
  await expect(page.getByTestId('section-state')).toHaveAttribute('data-state', 'in_sync', {
    timeout: 30_000,
  });
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/v1/inventory/settings/state', {
          params: { id, section },
        });
        const view = ((await answer.json()) as { sections: { reported: T | null; drift: unknown[] }[] })
          .sections[0]!;
        return { seen: view.reported !== null && reported(view.reported), drift: view.drift.length };
      },
      { timeout: 30_000 },
    )
    .toEqual({ seen: true, drift: 0 });
  await expect(page.getByTestId('section-drift')).toHaveCount(0);
}

test('a port forward is added, applied and reported back in sync', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page);
  const id = await openSection(page, DEVICE, 'portForward');
  const port = freshPort();

  await page.getByTestId('port-forward-add').click();
  await page.getByTestId('port-forward-internal-ip').fill('192.168.1.50');
  await page.getByTestId('port-forward-internal-port').fill('80');
  await chooseOption(page, 'port-forward-protocol', 'TCP');
  // The demo devices reach the Internet through eth0.
  await chooseOption(page, 'port-forward-external-iface', WAN);
  await page.getByTestId('port-forward-external-port').fill(String(port));
  await page.getByTestId('port-forward-description').fill('e2e camera');
  await page.getByTestId('port-forward-save').click();
  await expect(page.getByTestId('port-forward-table')).toContainText('e2e camera');

  await applyAndSync<{ list: { externalPort: number; internalIp: string }[] }>(
    page,
    id,
    'portForward',
    'port-forward-apply',
    (doc) => doc.list.some((f) => f.externalPort === port && f.internalIp === '192.168.1.50'),
  );
});

test('a firewall port rule is added, applied and reported back in sync', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page);
  const id = await openSection(page, DEVICE, 'firewall');
  const port = freshPort();

  // SSH is listed from the start.
  await expect(page.getByTestId('firewall-rule-table')).toContainText('SSH');

  await page.getByTestId('firewall-rule-add').click();
  await page.getByTestId('firewall-rule-port').fill(String(port));
  // Without a protocol the rule is refused with the SPEC's words.
  await page.getByTestId('firewall-rule-save').click();
  await expect(page.getByText('Protocol is empty.')).toBeVisible();
  await chooseOption(page, 'firewall-rule-protocol', 'TCP');
  await chooseOption(page, 'firewall-rule-action', 'Allow');
  await page.getByTestId('firewall-rule-description').fill('e2e https');
  await page.getByTestId('firewall-rule-save').click();
  await expect(page.getByTestId('firewall-rule-table')).toContainText('e2e https');

  await applyAndSync<{ rules: { port: number; action: string }[] }>(
    page,
    id,
    'firewall',
    'firewall-apply',
    (doc) => doc.rules.some((r) => r.port === port && r.action === 'ACCEPT'),
  );
});

test('a NAT rule with an invalid source subnet shows the rule message', async ({ page }) => {
  await signInAs(page);
  await openSection(page, DEVICE, 'nat');

  await page.getByTestId('nat-rule-add').click();
  await page.getByTestId('nat-subnet').fill('10.0.0.0/33');
  await chooseOption(page, 'nat-iface', WAN);
  await page.getByTestId('nat-rule-save').click();
  await expect(page.getByText(NAT_SUBNET_FORMAT)).toBeVisible();
  await expect(page.getByTestId('nat-rule-table')).not.toContainText('10.0.0.0/33');
});
