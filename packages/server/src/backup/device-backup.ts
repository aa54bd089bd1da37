/**
 * Job kind backup.device (Backup now, and SPEC 3 Schedule function type 6): the device's configuration
 * sections as the console holds them (desired and reported), the agent's settings and, from a device online
 * that has one, its own configuration archive (RPC backup.archive), written as a backup file (file-format.ts)
 * sealed in the backup store; then the device's oldest backups beyond the kept number are pruned. The
 * step's result names the file.
 */
import { z } from 'zod';
import { BACKUP_JOB_KIND, canView, type BackupContent, type DeviceArchive } from '@edge/protocol';
import type { ConfigService } from '../deviceConfig/index.ts';
import { DeviceRpcError } from '../devices/index.ts';
import type { JobKind, StepContext } from '../jobs/kinds.ts';
import { encodeBackup, makeBackupFile } from './file-format.ts';
import { backupFileName, backupIdOf, type BackupStore } from './store.ts';

export { BACKUP_FILE_PREFIX, backupFileName } from './store.ts';

export interface BackupResult {
  fileId: string;
  fileName: string;
  size: number;
  sections: number;
  archive: boolean;
  pruned: number;
}

/** A device's archive takes a while to pack and send (sysupgrade -b). */
const ARCHIVE_DEADLINE_MS = 120_000;

/** The device's own archive, or null when it has none (offline, or a device without the capability). */
async function archiveOf(step: StepContext<unknown>, online: boolean): Promise<DeviceArchive | null> {
  if (!online) return null;
  try {
    return await step.call('backup.archive', {}, { deadlineMs: ARCHIVE_DEADLINE_MS });
  } catch (err) {
    if (err instanceof DeviceRpcError && err.remoteCode === 'unsupported') return null;
    throw err;
  }
}

export function deviceBackupKind(deps: {
  config: ConfigService;
  backups: BackupStore;
  /** How many backups each device keeps (the Backup app's setting). */
  keep: () => Promise<number>;
  now?: () => number;
}): JobKind<Record<string, never>> {
  const now = deps.now ?? Date.now;
  return {
    name: BACKUP_JOB_KIND,
    params: z.object({}).strict(),
    view: canView('Backup'),
    // Reading the device and writing a new file: safe to run again.
    idempotent: true,
    async run(step) {
      const { deviceId } = step;
      const device = deps.config.device(deviceId);
      const state = await deps.config.state(deviceId);
      const archive = await archiveOf(step, device.online);
      const takenAt = now();
      const content: BackupContent = {
        deviceId,
        serial: device.serial,
        name: device.name,
        firmware: device.firmware,
        takenAt,
        sections: state.sections.map((s) => ({
          section: s.section,
          desired: s.desired,
          desiredVersion: s.desiredVersion,
          reported: s.reported,
          reportedVersion: s.reportedVersion,
          reportedAt: s.reportedAt,
        })),
        agent: { reportInterval: device.reportInterval, secureMode: device.secureMode },
        archive,
      };
      const file = makeBackupFile(device.model, content);
      const bytes = encodeBackup(file);
      const fileId = backupIdOf(deviceId, takenAt);
      const fileName = backupFileName(deviceId, takenAt);
      await deps.backups.add(
        {
          id: fileId,
          device_id: deviceId,
          source_device_id: deviceId,
          model: device.model,
          file_name: fileName,
          size: bytes.length,
          sha256: file.sha256,
          taken_at: takenAt,
          created_at: takenAt,
          origin: 'backup',
          created_by: 'job',
          has_archive: archive ? 1 : 0,
        },
        bytes,
      );
      const pruned = await deps.backups.prune(deviceId, await deps.keep());
      const result: BackupResult = {
        fileId,
        fileName,
        size: bytes.length,
        sections: content.sections.length,
        archive: archive !== null,
        pruned,
      };
      return { ok: true, result };
    },
  };
}
