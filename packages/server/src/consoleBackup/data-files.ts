/**
 * The files of DATA_DIR a console backup carries (uploads, device backup files as they are stored,
 * encrypted or not), and the rule a restored file's name must pass: it stays inside DATA_DIR.
 */
import fs from 'node:fs';
import path from 'node:path';
import { KEY_FILE } from '../crypto/secrets.ts';
import { RELEASES_DIR } from '../upgrade/console-release.ts';

/** The console's own files at the top of DATA_DIR: the database (restored from rows), the key (wrapped apart). */
const OWN = [/^console\.sqlite(-wal|-shm|-journal)?$/, new RegExp(`^${KEY_FILE.replace('.', '\\.')}$`)];
/** Console backups themselves, and a restore's work folder. */
export const BACKUPS_DIR = 'console-backups';
export const RESTORE_WORK_DIR = '.restore-work';
const SKIPPED_DIRS = new Set([BACKUPS_DIR, RESTORE_WORK_DIR]);
/** Folders deeper down a backup leaves out: staged console releases (up to 512 MB each) the feed gives again. */
const SKIPPED_SUBDIRS = new Set([RELEASES_DIR]);
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_DEPTH = 16;

/** Relative paths ('/'-separated) of the regular files under DATA_DIR a backup takes, sorted. */
export function dataFilesOf(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const parts = [...prefix, entry.name];
      if (!SEGMENT.test(entry.name)) continue;
      if (prefix.length === 0 && (SKIPPED_DIRS.has(entry.name) || OWN.some((re) => re.test(entry.name))))
        continue;
      if (entry.isDirectory() && SKIPPED_SUBDIRS.has(parts.join('/'))) continue;
      if (entry.isDirectory() && parts.length < MAX_DEPTH) walk(path.join(dir, entry.name), parts);
      else if (entry.isFile()) found.push(parts.join('/'));
    }
  };
  walk(dataDir, []);
  return found.sort();
}

/**
 * Whether a file named in an archive may be written: a relative path of plain segments under DATA_DIR
 * (no '..', no absolute path, no drive, no backslash), and none of the console's own files.
 */
export function isSafeDataPath(name: string): boolean {
  if (name.length === 0 || name.length > 1024) return false;
  const parts = name.split('/');
  if (parts.length > MAX_DEPTH || !parts.every((p) => SEGMENT.test(p))) return false;
  const top = parts[0]!;
  if (parts.length === 1 && OWN.some((re) => re.test(top))) return false;
  return !SKIPPED_DIRS.has(top);
}
