/** The real backend writes rendered OpenWrt files below its root, reloads, and notices local edits. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sectionDefaults, type SectionDocs } from '@edge/protocol';
import { lineLog } from '../log.ts';
import { NFT_PATH, renderDevice } from '../sections/index.ts';
import { LinuxConfigBackend } from './linux-backend.ts';

let root: string;
const log = lineLog('silent');
const docs = (): SectionDocs => {
  const d = structuredClone(sectionDefaults);
  d.general.deviceName = 'Shop 7';
  return d;
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-apply-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the Linux configuration backend', () => {
  test('writes every rendered file below its root, then runs the reload command', async () => {
    const marker = path.join(root, 'reloaded');
    const backend = new LinuxConfigBackend({ root, log, reloadCommand: `echo done >> '${marker}'` });
    expect(await backend.apply(docs())).toEqual({ reachable: true });
    const rendered = renderDevice(docs()).files;
    for (const [devicePath, text] of Object.entries(rendered))
      expect(fs.readFileSync(path.join(root, devicePath), 'utf8')).toBe(text);
    expect(fs.existsSync(path.join(root, NFT_PATH))).toBe(true);
    expect(fs.readFileSync(path.join(root, 'etc/config/edge'), 'utf8')).toContain(
      "option device_name 'Shop 7'",
    );
    expect(fs.readFileSync(marker, 'utf8')).toBe('done\n');
    expect(fs.readdirSync(path.join(root, 'etc/config')).some((f) => f.endsWith('.edge-tmp'))).toBe(false);

    // Nothing changed: nothing is reloaded.
    await backend.apply(docs());
    expect(fs.readFileSync(marker, 'utf8')).toBe('done\n');
  });

  test('tells the 802.1X authenticator when the files changed, and only then', async () => {
    let synced = 0;
    const backend = new LinuxConfigBackend({ root, log, authenticator: { sync: () => synced++ } });
    await backend.apply(docs());
    expect(synced).toBe(1);
    await backend.apply(docs());
    expect(synced).toBe(1);
    const withAccount = docs();
    withAccount.wifi.accounts = [{ name: 'lobby', password: 'p' }];
    await backend.apply(withAccount);
    expect(synced).toBe(2);
  });

  test('fails the apply when the reload command fails, with its output', async () => {
    const backend = new LinuxConfigBackend({
      root,
      log,
      reloadCommand: 'echo "uci: Parse error" >&2; exit 3',
    });
    await expect(backend.apply(docs())).rejects.toThrow(/exited with 3: uci: Parse error/);
  });

  test('reports sections edited in the files, and nothing before its first write', async () => {
    const backend = new LinuxConfigBackend({ root, log });
    expect(await backend.localChanges(docs())).toEqual({});
    await backend.apply(docs());
    expect(await backend.localChanges(docs())).toEqual({});

    const edge = path.join(root, 'etc/config/edge');
    fs.writeFileSync(edge, fs.readFileSync(edge, 'utf8').replace("'Shop 7'", "'Renamed on site'"));
    expect(await backend.localChanges(docs())).toEqual({
      general: { ...docs().general, deviceName: 'Renamed on site' },
    });
  });
});
