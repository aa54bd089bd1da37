/**
 * Settings > Backup & Restore: the console's backups in DATA_DIR/console-backups (taken here or uploaded),
 * one backup or restore at a time, and a restore's progress for the live channel.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  ApiFailure,
  CONSOLE_BACKUP_EXTENSION,
  messages,
  type ConsoleBackupView,
  type ConsoleRestoreProgress,
} from '@edge/protocol';
import type { Db, Dialect } from '../db/schema.ts';
import { readHeader } from './archive.ts';
import { takeSnapshot } from './snapshot.ts';
import { restoreArchive, verifyArchive, type Verified } from './restore.ts';
import { BACKUPS_DIR } from './data-files.ts';
import { APP_VERSION } from './version.ts';
import { recordEvent } from '../activity/events.ts';

const ID = /^[A-Za-z0-9_-]{1,80}$/;

export interface ConsoleBackupDeps {
  db: Db;
  dialect: Dialect;
  dataDir: string;
  maxBytes: number;
  now?: () => number;
}

export function consoleBackupService(deps: ConsoleBackupDeps) {
  const now = deps.now ?? Date.now;
  const dir = path.join(deps.dataDir, BACKUPS_DIR);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fileOf = (id: string) => {
    if (!ID.test(id)) throw new ApiFailure(404, 'notFound');
    return path.join(dir, id + CONSOLE_BACKUP_EXTENSION);
  };
  const newId = (kind: 'console' | 'upload') => `${kind}-${now()}-${randomBytes(4).toString('hex')}`;
  let busy = false;
  let progress: ConsoleRestoreProgress = { phase: 'idle', rowsDone: 0, rowsTotal: 0 };
  const progressListeners = new Set<(p: ConsoleRestoreProgress) => void>();
  const restoredListeners = new Set<() => void>();
  const report = (next: ConsoleRestoreProgress) => {
    progress = next;
    for (const listener of progressListeners) listener(next);
  };

  async function view(id: string): Promise<ConsoleBackupView> {
    const file = fileOf(id);
    const [header, stat] = await Promise.all([readHeader(file), fs.promises.stat(file)]);
    return {
      id,
      createdAt: header.createdAt,
      size: stat.size,
      appVersion: header.appVersion,
      lastMigration: header.migrations.at(-1) ?? '',
      dialect: header.dialect,
      uploaded: id.startsWith('upload-'),
    };
  }

  async function exclusively<T>(work: () => Promise<T>): Promise<T> {
    if (busy) throw new ApiFailure(409, 'consoleBackupBusy');
    busy = true;
    try {
      return await work();
    } finally {
      busy = false;
    }
  }

  return {
    async list(): Promise<ConsoleBackupView[]> {
      const names = await fs.promises.readdir(dir);
      const ids = names
        .filter((n) => n.endsWith(CONSOLE_BACKUP_EXTENSION))
        .map((n) => n.slice(0, -CONSOLE_BACKUP_EXTENSION.length));
      const views = await Promise.all(
        ids.filter((id) => ID.test(id)).map((id) => view(id).catch(() => null)),
      );
      return views
        .filter((v): v is ConsoleBackupView => v !== null)
        .sort((a, b) => b.createdAt - a.createdAt);
    },

    /** Takes a backup now, while the console keeps running. */
    create(passphrase: string): Promise<ConsoleBackupView> {
      return exclusively(async () => {
        const id = newId('console');
        const file = fileOf(id);
        const partial = file + '.part';
        await takeSnapshot(
          { db: deps.db, dialect: deps.dialect, dataDir: deps.dataDir, appVersion: APP_VERSION },
          passphrase,
          partial,
          now(),
        );
        fs.renameSync(partial, file);
        return view(id);
      });
    },

    /** The archive's path for a download (404 when there is none). */
    fileFor(id: string): string {
      const file = fileOf(id);
      if (!fs.existsSync(file)) throw new ApiFailure(404, 'notFound');
      return file;
    },

    /**
     * Keeps an uploaded archive: streamed to disk under `maxBytes`, then its header read; anything that is
     * not a console backup (or is cut short by the limit) is removed again, nothing kept.
     */
    async upload(stream: Readable, isTruncated: () => boolean): Promise<ConsoleBackupView> {
      const id = newId('upload');
      const file = fileOf(id);
      const partial = file + '.part';
      try {
        await pipeline(stream, fs.createWriteStream(partial, { mode: 0o600 }));
        if (isTruncated() || fs.statSync(partial).size > deps.maxBytes)
          throw new ApiFailure(413, 'fileTooLarge');
        await readHeader(partial);
        fs.renameSync(partial, file);
      } catch (err) {
        fs.rmSync(partial, { force: true });
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ApiFailure(413, 'fileTooLarge');
        throw err;
      }
      return view(id);
    },

    async remove(id: string): Promise<void> {
      const file = this.fileFor(id);
      if (busy && progress.phase !== 'idle' && progress.phase !== 'done' && progress.phase !== 'failed')
        throw new ApiFailure(409, 'consoleBackupBusy');
      await fs.promises.rm(file);
    },

    /**
     * Checks the archive all through (answering its refusal with nothing written), then restores it in the
     * background; the live channel follows it. Restored listeners hear of a finished restore.
     */
    async restore(
      id: string,
      passphrase: string,
      by?: { user: { id: number; name: string }; ip: string },
    ): Promise<void> {
      const file = this.fileFor(id);
      if (busy) throw new ApiFailure(409, 'consoleBackupBusy');
      busy = true;
      let verified: Verified;
      try {
        report({ phase: 'verifying', rowsDone: 0, rowsTotal: 0 });
        verified = await verifyArchive(file, passphrase);
        report({ phase: 'restoring', rowsDone: 0, rowsTotal: verified.rowsTotal });
      } catch (err) {
        busy = false;
        report({ phase: 'idle', rowsDone: 0, rowsTotal: 0 });
        throw err;
      }
      void restoreArchive(
        { db: deps.db, dialect: deps.dialect, dataDir: deps.dataDir },
        file,
        passphrase,
        report,
        verified,
      )
        .then(
          async () => {
            // The restored log says who restored it, and from which backup: the request's own line may
            // have gone with the rows the restore replaced.
            await recordEvent(deps.db, {
              action: 'consoleBackup.restored',
              target: id,
              statusCode: 200,
              ...(by && { user: by.user, ip: by.ip }),
            }).catch(() => undefined);
            for (const listener of restoredListeners) listener();
          },
          (err: unknown) => {
            const failure = err instanceof ApiFailure ? err : null;
            report({
              ...progress,
              phase: 'failed',
              err_message: failure?.message ?? messages.applyError,
              err_code: failure?.code ?? 'applyError',
            });
          },
        )
        .finally(() => (busy = false));
    },

    progress: () => progress,
    onProgress(listener: (p: ConsoleRestoreProgress) => void): () => void {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    /** A restore finished: the console's memory (devices, caches, the secret key) is older than its store. */
    onRestored(listener: () => void): () => void {
      restoredListeners.add(listener);
      return () => restoredListeners.delete(listener);
    },
  };
}
export type ConsoleBackupService = ReturnType<typeof consoleBackupService>;
