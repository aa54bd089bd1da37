import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './fixtures.ts';

/**
 * Signs in through /login, which shows the login screen even to someone already signed in (switch user).
 * `timeout` bounds each step, for a caller that retries while the console restarts (a page answered 503
 * then has no login form, and waiting for one would use up the retries' whole time).
 */
export async function signInAs(
  page: Page,
  name = 'admin',
  password = E2E_ADMIN_PASSWORD,
  { timeout }: { timeout?: number } = {},
): Promise<void> {
  await page.goto('/login', { timeout });
  await page.locator('#login-name').fill(name, { timeout });
  await page.locator('#login-password').fill(password, { timeout });
  await page.getByTestId('login-submit').click({ timeout });
  await expect(page).toHaveURL(/\/desk$/, { timeout });
}

/** Opens an app from the desktop, turning its pages (18 apps each, SPEC) until the app's icon is on the one shown. */
export async function openDeskApp(page: Page, key: string): Promise<void> {
  const icon = page.getByTestId(`app-${key}`);
  const next = page.locator('.desk-arrow-next');
  await expect(page.locator('[data-testid^="app-"]').first()).toBeVisible();
  while (!(await icon.isVisible()) && (await next.isVisible()) && (await next.isEnabled()))
    await next.click();
  await icon.click();
}

/**
 * Chooses an option of an antd select (by the select's test id or locator) until the select shows it. On a
 * busy machine the list may still be sliding in when the option is clicked, or a live push re-renders the
 * dialog, and the click is lost; the choice is then made again. `search` types into the select first (a
 * searchable list of devices); `partial` matches an option whose title contains `title`; `chosen` checks
 * what the choice did, for a select that does not keep showing it (a quick select filling a form), within
 * a short timeout.
 */
export async function chooseOption(
  page: Page,
  select: string | Locator,
  title: string,
  {
    partial = false,
    search,
    chosen,
  }: { partial?: boolean; search?: string; chosen?: () => Promise<void> } = {},
): Promise<void> {
  const box = typeof select === 'string' ? page.getByTestId(select) : select;
  const option = page.locator(
    `.ant-select-dropdown:visible .ant-select-item-option[title${partial ? '*' : ''}="${title}"]`,
  );
  await expect(async () => {
    // A multiple select toggles: a choice already shown is not clicked again.
    if (!chosen && (await box.textContent())?.includes(title)) return;
    if (!(await option.isVisible())) {
      await box.click();
      if (search !== undefined) await box.locator('input').fill(search);
    }
    await option.click({ timeout: 2_000 });
    if (chosen) await chosen();
    else await expect(box).toContainText(title, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // A single select's list closes with an animation; the next select opened must not find this one's options.
  if (!(await box.evaluate((e) => e.classList.contains('ant-select-multiple'))))
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/**
 * Chooses the header's language until the switch shows it: right after sign-in the header may still
 * re-render and swallow a click on the list (the option clicked, nothing chosen, no catalogue asked for).
 */
export async function chooseLanguage(page: Page, label: string): Promise<void> {
  await chooseOption(page, 'language-switch', label);
}

/** Answers the open confirmation dialog (useConfirm); with `text`, only the dialog that says it. */
export async function answerConfirm(
  page: Page,
  answer: 'ok' | 'cancel' = 'ok',
  text?: string | RegExp,
): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm', text === undefined ? {} : { hasText: text }).last();
  await expectDialogShown(dialog);
  await dialog.getByTestId(`confirm-${answer}`).click();
  await expect(dialog).toBeHidden();
}

/**
 * Waits until a dialog (antd Modal) is fully shown. antd zooms a dialog in (motion classes *-appear /
 * *-enter on it). Its first frames draw it transparent but already in place, so on a loaded machine
 * Playwright found a button in it "stable" and clicked it before any user could, and the click was lost.
 * A dialog's buttons are pressed once it is fully shown, as a user does.
 */
export async function expectDialogShown(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-(appear|enter)(\s|-|$)/);
  await expect(dialog).toHaveCSS('opacity', '1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGBA PNG of the given size: enough to test size checks without image files in the repository. */
export function pngImage(
  width: number,
  height: number,
  rgba: [number, number, number, number] = [22, 104, 220, 255],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => rgba).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Waits for a toast (notification) that says `text`. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('.ant-notification-notice').filter({ hasText: text }).first()).toBeVisible();
}
