/**
 * The Backup app's work (protocol endpoints/backup.ts): devices with their latest backup, history, backup
 * now and restore and factory default as jobs (device-backup.ts, restore.ts), uploads checked before
 * anything is written (file-format.ts), delete, and how many backups each device keeps.
 */
import {
  BACKUP_JOB_KIND,
  BACKUP_KEEP_DEFAULT,
  FACTORY_DEFAULT_JOB_KIND,
  FINISHED_STEP_STATES,
  RESTORE_JOB_KIND,
  ApiFailure,
  type BackupDeviceView,
  type BackupSettings,
  type BackupView,
} from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import type { JobService } from '../jobs/index.ts';
import type { KeyValueStore } from '../db/key-value.ts';
import { parseBackup } from './file-format.ts';
import { backupFileName, backupIdOf, type BackupStore } from './store.ts';

const SETTINGS_KEY = 'backup.settings';

export function backupService(deps: {
  devices: Pick<DeviceDirectory, 'get' | 'list'>;
  backups: BackupStore;
  jobs: JobService;
  settings: KeyValueStore;
  now?: () => number;
}) {
  const { devices, backups, jobs } = deps;
  const now = deps.now ?? Date.now;

  const device = (id: string) => {
    const found = devices.get(id);
    if (!found) throw fail(404, 'notFound');
    return found;
  };

  async function settings(): Promise<BackupSettings> {
    return (await deps.settings.get<BackupSettings>(SETTINGS_KEY)) ?? { keep: BACKUP_KEEP_DEFAULT };
  }

  /** A restore already running on the device: a second one would fight it (SPEC 4: not interruptible). */
  async function restoring(deviceId: string): Promise<boolean> {
    for (const kind of [RESTORE_JOB_KIND, FACTORY_DEFAULT_JOB_KIND]) {
      const { list } = await jobs.list({ state: 'running', kind, limit: 500, offset: 0 });
      for (const job of list) {
        const detail = await jobs.get(job.id);
        if (detail.steps.some((s) => s.deviceId === deviceId && !FINISHED_STEP_STATES.includes(s.state)))
          return true;
      }
    }
    return false;
  }

  return {
    settings,
    keep: async () => (await settings()).keep,

    async saveSettings(next: BackupSettings): Promise<BackupSettings> {
      await deps.settings.put(SETTINGS_KEY, next);
      return next;
    },

    async devices(): Promise<{ list: BackupDeviceView[] }> {
      const latest = await backups.latest();
      return {
        list: devices.list().map((d) => ({
          id: d.id,
          name: d.name,
          serial: d.serial,
          model: d.model,
          online: d.online,
          count: latest.get(d.id)?.count ?? 0,
          latest: latest.get(d.id)?.latest ?? null,
        })),
      };
    },

    async history(deviceId: string): Promise<{ list: BackupView[] }> {
      device(deviceId);
      return { list: await backups.history(deviceId) };
    },

    async backupNow(deviceIds: string[], user: string): Promise<{ jobId: number }> {
      for (const id of deviceIds) device(id);
      const jobId = await jobs.create({
        kind: BACKUP_JOB_KIND,
        title: 'Backup',
        deviceIds,
        createdBy: 'operator',
        createdByName: user,
      });
      return { jobId };
    },

    /** Checks the file whole before anything is written; kept for `deviceId` (whose model it must be). */
    async upload(deviceId: string, bytes: Buffer, user: string): Promise<BackupView> {
      const target = device(deviceId);
      const file = parseBackup(bytes, target.model);
      const at = now();
      const id = backupIdOf(deviceId, at);
      const added = await backups.add(
        {
          id,
          device_id: deviceId,
          source_device_id: file.content.deviceId,
          model: file.model,
          file_name: backupFileName(file.content.deviceId, file.content.takenAt),
          size: bytes.length,
          sha256: file.sha256,
          taken_at: file.content.takenAt,
          created_at: at,
          origin: 'upload',
          created_by: user,
          has_archive: file.content.archive ? 1 : 0,
        },
        bytes,
      );
      await backups.prune(deviceId, (await settings()).keep);
      return added;
    },

    /** On the backup's own device, or another of the same model (replacing failed hardware). */
    async restore(id: string, targetId: string | undefined, user: string): Promise<{ jobId: number }> {
      const backup = await backups.get(id);
      if (!backup) throw fail(404, 'notFound');
      const target = device(targetId ?? backup.deviceId);
      if (target.model !== backup.model) throw new ApiFailure(400, 'backupWrongModel');
      if (await restoring(target.id)) throw new ApiFailure(409, 'backupRestoreRunning');
      const jobId = await jobs.create({
        kind: RESTORE_JOB_KIND,
        title: 'Restore',
        params: { backupId: id, user },
        deviceIds: [target.id],
        createdBy: 'operator',
        createdByName: user,
      });
      return { jobId };
    },

    async factoryDefault(deviceId: string, user: string): Promise<{ jobId: number }> {
      device(deviceId);
      if (await restoring(deviceId)) throw new ApiFailure(409, 'backupRestoreRunning');
      const jobId = await jobs.create({
        kind: FACTORY_DEFAULT_JOB_KIND,
        title: 'Factory default',
        params: { user },
        deviceIds: [deviceId],
        createdBy: 'operator',
        createdByName: user,
      });
      return { jobId };
    },

    async remove(id: string): Promise<void> {
      if (!(await backups.remove(id))) throw fail(404, 'deleteFailed');
    },

    /** The file to download, opened; null when there is none. */
    async download(id: string): Promise<{ bytes: Buffer; fileName: string } | null> {
      const backup = await backups.get(id);
      const bytes = backup ? await backups.bytes(id) : null;
      return backup && bytes ? { bytes, fileName: backup.fileName } : null;
    },
  };
}
export type BackupService = ReturnType<typeof backupService>;
