/**
 * axe-core on every signed-in screen of every module (one page walks them all against the shared fleet),
 * failing on any critical, serious or moderate violation (moderate: landmarks, heading order, issue 14). The console's CSP forbids injected scripts, so only this
 * test's browser context bypasses it; the console itself is unchanged.
 */
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, NodeResult } from 'axe-core';
import { signInAs } from './helpers.ts';
import { moduleScreens, openScreen, scanDeviceId, type Screen } from './screens.ts';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const BLOCKING = new Set(['critical', 'serious', 'moderate']);

test.use({ bypassCSP: true, viewport: { width: 1440, height: 900 } });

/** For a contrast finding, the colours axe measured, so the fix can be chosen from the report. */
const contrastOf = (node: NodeResult) => {
  const data = node.any[0]?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : '';
};

/** Runs axe on the page as it is; answers one line per critical, serious or moderate violation. */
async function blockingViolations(page: Page): Promise<string[]> {
  // Colours measured mid-animation (a dialog fading in) are blends, not what the user reads.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<AxeResults> } }).axe;
    return axe.run(document);
  });
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' ') + contrastOf(n))
          .join(' | ')}`,
    );
}

/** The screens in three walks, each within its own time limit on a busy machine. */
const WALKS: { name: string; screens: (s: Screen) => boolean }[] = [
  {
    name: 'desktop, inventory and provision',
    screens: (s) => !/^(device settings|settings|security)/.test(s.name),
  },
  { name: 'every device settings section', screens: (s) => s.name.startsWith('device settings') },
  { name: 'settings and security', screens: (s) => /^(settings|security)/.test(s.name) },
];

for (const walk of WALKS) {
  test(`no critical, serious or moderate accessibility violation: ${walk.name}`, async ({ page }) => {
    test.setTimeout(480_000);
    await signInAs(page);
    const screens = moduleScreens(await scanDeviceId(page)).filter(walk.screens);
    const found: string[] = [];
    for (const screen of screens) {
      // A screen that does not load is reported with the others rather than hiding their findings.
      const opened = await openScreen(page, screen).then(
        () => true,
        (e: Error) => found.push(`${screen.name}: did not load: ${e.message.split('\n')[0]}`) < 0,
      );
      if (opened) for (const line of await blockingViolations(page)) found.push(`${screen.name}: ${line}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('the open dialogs and menus of the header have no critical, serious or moderate violation', async ({
  page,
}) => {
  await signInAs(page);
  const found: string[] = [];
  const languages = page.locator('.ant-select-dropdown:visible');
  // Right after sign-in the header may re-render and swallow the click that opens the list (as chooseLanguage).
  await expect(async () => {
    if (!(await languages.isVisible())) await page.getByTestId('language-switch').click();
    await expect(languages).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  found.push(...(await blockingViolations(page)).map((l) => `language list: ${l}`));
  await page.keyboard.press('Escape');
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('confirm-cancel')).toBeVisible();
  found.push(...(await blockingViolations(page)).map((l) => `logout confirmation: ${l}`));
  await page.getByTestId('confirm-cancel').click();
  expect(found, found.join('\n')).toEqual([]);
});
