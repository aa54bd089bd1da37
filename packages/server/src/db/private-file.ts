/**
 * The SQLite store holds password hashes, session digests and sealed secrets: like secret.key, only the
 * console's own user may read it. SQLite gives its WAL and shared-memory files the database file's mode,
 * so creating that file 0600 covers new stores; existing files (older installs) are narrowed too.
 */
import fs from 'node:fs';

export const PRIVATE_MODE = 0o600;
export const SQLITE_COMPANIONS = ['', '-wal', '-shm', '-journal'] as const;

export function keepPrivate(databaseFile: string): void {
  fs.closeSync(fs.openSync(databaseFile, 'a', PRIVATE_MODE));
  for (const suffix of SQLITE_COMPANIONS) {
    try {
      fs.chmodSync(databaseFile + suffix, PRIVATE_MODE);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
