/**
 * The Log app against the demo's simulated fleet: filter by device and level, the grid shows only that
 * device's lines of that level; export the filtered set as .zip, and the archive (opened with unzip)
 * holds those lines and nothing else.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { chooseOption, signInAs } from './helpers.ts';

const DEVICE = 'DEMO-000003';

test('filter the log by device and level, then export it as .zip', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page);
  await page.getByTestId('app-Log').click();
  await expect(page).toHaveURL(/\/desk\/log/);
  const rows = page.getByTestId('log-table').locator('tbody tr.ant-table-row');
  // Every demo device's connection is in the log (the console's own line).
  await expect(rows.first()).toBeVisible();

  await chooseOption(page, 'log-device', DEVICE, { partial: true, search: DEVICE });
  await chooseOption(page, 'log-level', 'Info');
  await expect(page).toHaveURL(/levelName=Info/);
  await expect(page).toHaveURL(/deviceID=/);
  // The newest Info lines of a connection: the console's own and the agent's (other specs may have made
  // the device reconnect, so which of them is first is not fixed).
  await expect(page.getByTestId('log-table')).toContainText('connected to the console');
  const shown = await rows.allTextContents();
  for (const row of shown) {
    expect(row).toContain(DEVICE);
    expect(row).toContain('Info');
  }

  // Error lines of this device: the connection line is not among them.
  await chooseOption(page, 'log-level', 'Error');
  await expect(page).toHaveURL(/levelName=Error/);
  await expect(page.getByTestId('log-table')).not.toContainText('connected to the console');

  await chooseOption(page, 'log-level', 'Info');
  await expect(page.getByTestId('log-table')).toContainText('connected to the console');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('log-export').hover();
  await page.getByText('Export as .zip').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^edge-logs-${DEVICE}-\\d{8}-\\d{6}\\.zip$`));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-logs-'));
  try {
    const file = path.join(dir, 'export.zip');
    await download.saveAs(file);
    const text = execFileSync('unzip', ['-p', file], { encoding: 'utf8' });
    const lines = text.split('\n').filter((l) => l && !l.startsWith('createdAt\t'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const [, level, , name] = line.split('\t');
      expect(level).toBe('info');
      expect(name).toBe(DEVICE);
    }
    expect(lines.some((l) => l.endsWith('Device connected to the console'))).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
