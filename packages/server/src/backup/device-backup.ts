/**
 * Job kind backup.device (SPEC 3 Schedule function type 6) until the Backup module's own backup exists:
 * the device's configuration sections as the console holds them, desired and reported, saved as a JSON
 * file that GET /api/v1/uploadFile/get?id= downloads; the step's result names the file.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { BACKUP_JOB_KIND } from '@edge/protocol';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { JobKind } from '../jobs/kinds.ts';
import type { StoredFiles } from '../uploads/files.ts';

/** Keys of backup files among the stored files: only these are served by the download route. */
export const BACKUP_FILE_PREFIX = 'backup/';

export interface BackupResult {
  fileId: string;
  fileName: string;
  size: number;
  sections: number;
}

const fileIdOf = (deviceId: string, takenAt: number) =>
  `${BACKUP_FILE_PREFIX}${deviceId}/${takenAt}-${randomBytes(4).toString('hex')}`;

/** The name a backup file downloads as, read from its id: the device and when it was taken. */
export function backupFileName(fileId: string): string {
  const [, deviceId = 'device', rest = ''] = fileId.split('/');
  const takenAt = new Date(Number(rest.split('-')[0]) || 0);
  return `backup-${deviceId}-${takenAt.toISOString().replace(/[:.]/g, '-')}.json`;
}

export function deviceBackupKind(deps: {
  config: ConfigService;
  files: StoredFiles;
  now?: () => number;
}): JobKind<Record<string, never>> {
  const now = deps.now ?? Date.now;
  return {
    name: BACKUP_JOB_KIND,
    params: z.object({}).strict(),
    // Reading the console's copy of the configuration and writing a new file: safe to run again.
    idempotent: true,
    async run({ deviceId }) {
      const device = deps.config.device(deviceId);
      const state = await deps.config.state(deviceId);
      const takenAt = now();
      const sections = state.sections.map((s) => ({
        section: s.section,
        desired: s.desired,
        desiredVersion: s.desiredVersion,
        reported: s.reported,
        reportedVersion: s.reportedVersion,
        reportedAt: s.reportedAt,
      }));
      const bytes = Buffer.from(
        JSON.stringify({ deviceId, serial: device.serial, name: device.name, takenAt, sections }, null, 2),
      );
      const fileId = fileIdOf(deviceId, takenAt);
      await deps.files.save(fileId, 'application/json', bytes);
      const result: BackupResult = {
        fileId,
        fileName: backupFileName(fileId),
        size: bytes.length,
        sections: sections.length,
      };
      return { ok: true, result };
    },
  };
}
