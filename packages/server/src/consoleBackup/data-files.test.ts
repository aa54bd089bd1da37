import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_FILE } from '../crypto/secrets.ts';
import { RELEASES_DIR } from '../upgrade/console-release.ts';
import { BACKUPS_DIR, dataFilesOf, isSafeDataPath } from './data-files.ts';

describe('the DATA_DIR files a console backup carries', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-data-files-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const put = (name: string) => {
    fs.mkdirSync(path.dirname(path.join(dataDir, name)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, name), name);
  };

  it('takes uploads and device images, and leaves out the database, the key, backups and staged releases', () => {
    for (const name of [
      'console.sqlite',
      'console.sqlite-wal',
      KEY_FILE,
      `${BACKUPS_DIR}/console-1.tar.gz`,
      `${RELEASES_DIR}/edge-console-9.9.9.tar.gz`,
      `${RELEASES_DIR}/edge-console-9.9.9/bin/edge`,
      'upgrade/images/abc.img',
      'uploads/logo.png',
    ])
      put(name);
    expect(dataFilesOf(dataDir)).toEqual(['upgrade/images/abc.img', 'uploads/logo.png']);
  });

  it('restores only plain relative names that stay inside DATA_DIR', () => {
    expect(isSafeDataPath('uploads/logo.png')).toBe(true);
    for (const name of ['../etc/passwd', '/etc/passwd', 'a\\b', KEY_FILE, `${BACKUPS_DIR}/x`, ''])
      expect(isSafeDataPath(name), name).toBe(false);
  });
});
