/**
 * Where device backups are kept: each file sealed (AES-256-GCM under the console's secret key,
 * crypto/secrets.ts) in DATA_DIR/device-backups, readable by the console's user only, because a backup
 * holds the device's passwords and keys; a row per file in device_backups. Reading a file opens it.
 * Replicas sharing a PostgreSQL store share DATA_DIR's device-backups folder as they share secret.key.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BackupView } from '@edge/protocol';
import type { Secrets } from '../crypto/secrets.ts';
import type { Db } from '../db/schema.ts';
import type { DeviceBackupsTable } from '../db/schema-backup.ts';
import { PRIVATE_MODE } from '../db/private-file.ts';

/** Keys of backup files: only these are served by the download route. */
export const BACKUP_FILE_PREFIX = 'backup/';
const ID_PATTERN = /^backup\/[^/]{1,64}\/\d{1,15}-[0-9a-f]{8}$/;
const SEAL_PURPOSE = 'backup.file';

export const backupIdOf = (deviceId: string, at: number) =>
  `${BACKUP_FILE_PREFIX}${deviceId}/${at}-${randomBytes(4).toString('hex')}`;

/** The name a backup file downloads as: the device it was taken of and when. */
export function backupFileName(sourceDeviceId: string, takenAt: number): string {
  return `backup-${sourceDeviceId}-${new Date(takenAt).toISOString().replace(/[:.]/g, '-')}.json`;
}

const view = (row: DeviceBackupsTable): BackupView => ({
  id: row.id,
  deviceId: row.device_id,
  sourceDeviceId: row.source_device_id,
  model: row.model,
  fileName: row.file_name,
  size: Number(row.size),
  sha256: row.sha256,
  takenAt: Number(row.taken_at),
  createdAt: Number(row.created_at),
  origin: row.origin === 'upload' ? 'upload' : 'backup',
  createdBy: row.created_by,
  hasArchive: row.has_archive === 1,
});

/** `folder`: where the sealed files go (config.backupDir, else DATA_DIR/device-backups). */
export function backupStore(db: Db, secrets: Secrets, folder: string) {
  const fileOf = (id: string) => {
    if (!ID_PATTERN.test(id)) return null;
    return path.join(folder, `${encodeURIComponent(id.slice(BACKUP_FILE_PREFIX.length))}.sealed`);
  };

  async function removeFile(id: string) {
    const file = fileOf(id);
    if (file) await fs.rm(file, { force: true });
  }

  return {
    /** Seals and writes the file, then records it; the file is gone again if the record fails. */
    async add(row: DeviceBackupsTable, bytes: Buffer): Promise<BackupView> {
      const file = fileOf(row.id);
      if (!file) throw new Error(`bad backup id ${row.id}`);
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const sealed = secrets.seal(bytes.toString('base64'), SEAL_PURPOSE);
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, sealed, { mode: PRIVATE_MODE });
      await fs.rename(temp, file);
      try {
        await db.insertInto('device_backups').values(row).execute();
      } catch (err) {
        await removeFile(row.id);
        throw err;
      }
      return view(row);
    },

    async get(id: string): Promise<BackupView | undefined> {
      const row = await db.selectFrom('device_backups').selectAll().where('id', '=', id).executeTakeFirst();
      return row && view(row);
    },

    /** The file as it was written (opened); null when there is no such backup or its file is gone. */
    async bytes(id: string): Promise<Buffer | null> {
      const file = fileOf(id);
      if (!file || !(await this.get(id))) return null;
      const sealed = await fs.readFile(file, 'utf8').catch(() => null);
      return sealed === null ? null : Buffer.from(secrets.open(sealed, SEAL_PURPOSE), 'base64');
    },

    /** Newest first. */
    async history(deviceId: string): Promise<BackupView[]> {
      const rows = await db
        .selectFrom('device_backups')
        .selectAll()
        .where('device_id', '=', deviceId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(view);
    },

    /** Per device: how many backups and the newest. */
    async latest(): Promise<Map<string, { count: number; latest: BackupView }>> {
      const rows = await db
        .selectFrom('device_backups')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const out = new Map<string, { count: number; latest: BackupView }>();
      for (const row of rows) {
        const had = out.get(row.device_id);
        if (had) had.count++;
        else out.set(row.device_id, { count: 1, latest: view(row) });
      }
      return out;
    },

    async remove(id: string): Promise<boolean> {
      const done = await db.deleteFrom('device_backups').where('id', '=', id).executeTakeFirst();
      await removeFile(id);
      return Number(done.numDeletedRows) > 0;
    },

    /** Keeps the newest `keep` backups of the device; answers how many went. */
    async prune(deviceId: string, keep: number): Promise<number> {
      const old = (await this.history(deviceId)).slice(keep);
      for (const backup of old) await this.remove(backup.id);
      return old.length;
    },
  };
}
export type BackupStore = ReturnType<typeof backupStore>;
