/**
 * Messages, To-do and Notification end to end: an event rule and a webhook contact made in the Notification
 * app, a test sent from the contact (it reaches a local receiver, signed); a rebooted device raises one
 * critical message (the header badge counts it); the message is opened, assigned to To-do, and the task
 * completed ('Finish task successfully').
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { answerConfirm, chooseOption, expectToast, signInAs } from './helpers.ts';

const tag = Date.now().toString(36).slice(-6);

/** A local webhook receiver: keeps each request's headers and body. */
async function startReceiver() {
  const calls: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, calls, server };
}

test('a rule and a contact with a test send; a message assigned to To-do and finished', async ({ page }) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    await signInAs(page);

    // Event rule: every device going offline is a critical message.
    await page.goto('/desk/notification');
    await page.getByRole('tab', { name: 'Event rules' }).click();
    await page.getByTestId('rule-new').click();
    await page.locator('#rule_name').fill(`Offline ${tag}`);
    await page.locator('#rule_description').fill('A device went offline');
    await chooseOption(page, 'rule-events', 'Device offline');
    await page.keyboard.press('Escape');
    await chooseOption(
      page,
      page.locator('.ant-select', { has: page.locator('#rule_severity') }),
      'Critical',
    );
    await page.getByTestId('rule-save').click();
    await expectToast(page, 'Saved successfully.');
    await expect(page.getByTestId('rules-table')).toContainText(`Offline ${tag}`);

    // Contact: a signed webhook to the local receiver, and its test send.
    await page.getByRole('tab', { name: 'Contact list' }).click();
    await page.getByTestId('contact-new').click();
    await chooseOption(page, 'contact-channel', 'Webhook');
    await page.locator('#contact_configName').fill(`Hook ${tag}`);
    await page.locator('#contact_url').fill(receiver.url);
    await page.locator('#contact_secret').fill(`secret-${tag}`);
    await page.getByTestId('contact-save').click();
    await expectToast(page, 'Saved successfully.');
    const row = page.getByTestId('contacts-table').locator('tr', { hasText: `Hook ${tag}` });
    await row.getByRole('button', { name: 'Send test' }).click();
    await expectToast(page, 'Test message sent successfully.');
    expect(receiver.calls).toHaveLength(1);
    expect(receiver.calls[0]!.headers['x-edge-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);

    // A device rebooted goes offline: one critical message, counted on the header's badge.
    const info = await (await page.request.get('/api/v1/settings/account/getAccountInfo')).json();
    const { list } = await (
      await page.request.get('/api/v1/inventory/list', { params: { page: 1, pageSize: 10 } })
    ).json();
    const device = (list as { id: string; name: string; online: boolean }[]).find((d) => d.online)!;
    const reboot = await page.request.post('/api/v1/inventory/reboot', {
      data: { id: device.id },
      headers: { 'x-csrf-token': info.csrfToken as string },
    });
    expect(reboot.status()).toBe(200);
    await page.goto('/desk/messages');
    const message = page
      .getByTestId('messages-table')
      .locator('tr', { hasText: `Offline ${tag}` })
      .first();
    await expect(async () => {
      await page.getByTestId('messages-search').locator('input').fill(tag);
      await page.getByTestId('messages-search').locator('input').press('Enter');
      await expect(message).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByTestId('critical-badge').locator('..')).toContainText(/[1-9]/);

    // Open it, assign it to To-do, complete the task.
    await message.click();
    await expect(page.getByTestId('message-details')).toContainText('Device offline');
    await expect(page.getByTestId('message-device')).toBeVisible();
    await page.getByTestId('message-assign').click();
    await page.getByTestId('assign-save').click();
    await expectToast(page, 'Task added to To-do.');
    await page.goto('/desk/todo');
    const card = page.getByTestId('todo-card').filter({ hasText: `Offline ${tag}` });
    await expect(card).toBeVisible();
    await card.getByTestId('todo-finish').click();
    await answerConfirm(page);
    await expectToast(page, 'Finish task successfully');
    await expect(card).toContainText('Completed');
  } finally {
    receiver.server.close();
  }
});
