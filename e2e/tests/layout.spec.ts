/**
 * At 1280 px, the narrowest width the console supports, in English, German (long words) and Arabic (right
 * to left): every table on the main table screens shows its last column whole, a table that scrolls sideways
 * shows every column once scrolled, and the device settings menu shows all its sections.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers.ts';
import { SECTIONS, moduleScreens, openScreen, scanDeviceId, type Screen } from './screens.ts';

test.use({ viewport: { width: 1280, height: 800 } });

/** The language cookie's codes (SPEC 1). */
const LANGUAGES = ['en', 'Deutsch', 'Arabic'] as const;

const TABLE_SCREENS = new Set([
  'inventory list',
  'groups',
  'device dashboard',
  'device settings: dhcp',
  'device settings: firewall',
  'device settings: portForward',
  'device settings: nat',
  'device settings: vlan',
  'device settings: clients',
  'device settings: wifi',
  'provision',
  'settings: users',
  'settings: activity',
  'security: access control',
  'security: tokens',
]);

/**
 * One line per clipped table on the page: its last header cell must lie inside the table's box and the
 * window, and where the table scrolls, scrolling to its far end must bring every column out from under a
 * sticky column.
 */
async function clippedTables(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found: string[] = [];
    const rtl = document.documentElement.dir === 'rtl';
    const tables = [...document.querySelectorAll<HTMLElement>('.ant-table-wrapper')].filter(
      (t) => t.offsetParent !== null,
    );
    for (const [index, table] of tables.entries()) {
      const name = table.dataset.testid ?? `table ${index + 1}`;
      const heads = [...table.querySelectorAll<HTMLElement>('thead tr:last-child th')].filter(
        (th) => !th.classList.contains('ant-table-cell-scrollbar') && th.getBoundingClientRect().width > 0,
      );
      const last = heads.at(-1);
      const box = table.querySelector<HTMLElement>('.ant-table-container');
      if (!last || !box) continue;
      const scroller = table.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      const scrolls = !!scroller && scroller.scrollWidth > scroller.clientWidth + 1;
      const inside = () => {
        const b = box.getBoundingClientRect();
        const l = last.getBoundingClientRect();
        return l.left >= Math.max(b.left, 0) - 1 && l.right <= Math.min(b.right, window.innerWidth) + 1;
      };
      // A sticky last column (actions) must show at once; any other may need scrolling to reach.
      const stickyLast = last.className.includes('ant-table-cell-fix-end');
      if ((!scrolls || stickyLast) && !inside())
        found.push(`${name}: last column "${last.textContent}" is cut`);
      if (!scroller || !scrolls) continue;
      // Chromium scrolls right-to-left boxes with negative scrollLeft.
      scroller.scrollLeft = rtl ? -scroller.scrollWidth : scroller.scrollWidth;
      await new Promise((r) => requestAnimationFrame(r));
      if (!inside())
        found.push(`${name}: last column "${last.textContent}" is cut even when scrolled to the end`);
      // Only columns stuck to the end can hide others at the far end (a start column covers what scrolled past).
      const sticky = heads.filter((th) => th.className.includes('ant-table-cell-fix-end'));
      for (const th of heads.filter((h) => !sticky.includes(h))) {
        const r = th.getBoundingClientRect();
        for (const s of sticky) {
          const f = s.getBoundingClientRect();
          if (Math.min(r.right, f.right) - Math.max(r.left, f.left) > 1)
            found.push(
              `${name}: "${th.textContent}" stays under "${s.textContent}" when scrolled to the end`,
            );
        }
      }
      scroller.scrollLeft = 0;
    }
    return found;
  });
}

/** Sections the horizontal menu folds away (antd keeps them in the DOM with no height and no opacity). */
const foldedSections = (page: Page) =>
  page.evaluate(
    (sections) =>
      sections.filter((section) => {
        const item = document.querySelector(`[data-testid="settings-nav-${section}"]`)?.closest('li');
        return !item || item.getBoundingClientRect().height === 0 || getComputedStyle(item).opacity === '0';
      }),
    [...SECTIONS],
  );

for (const language of LANGUAGES) {
  test(`tables fit or scroll with their last column visible at 1280 px in ${language}`, async ({
    page,
    context,
  }) => {
    test.setTimeout(480_000);
    await signInAs(page);
    const url = new URL(process.env.E2E_BASE_URL!);
    await context.addCookies([{ name: 'language', value: language, domain: url.hostname, path: '/' }]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'Arabic' ? 'rtl' : 'ltr');
    const screens: Screen[] = moduleScreens(await scanDeviceId(page)).filter((s) =>
      TABLE_SCREENS.has(s.name),
    );
    const found: string[] = [];
    for (const screen of screens) {
      await openScreen(page, screen);
      for (const line of await clippedTables(page)) found.push(`${screen.name}: ${line}`);
      // The section menu shows every section rather than folding some behind "...".
      if (screen.name.startsWith('device settings'))
        for (const section of await foldedSections(page))
          found.push(`${screen.name}: the menu hides ${section}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
