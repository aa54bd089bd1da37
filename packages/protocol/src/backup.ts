/**
 * Device backups (SPEC 1 Backup module, 2 Backup and Restore, 4 restore, 5, 7, 8): the file format, what
 * the Backup app lists, and the requests of backup now, upload, restore, delete and factory default.
 *
 * A backup file is JSON: a header naming the format, its version and the device model, the sha256 of its
 * content (canonical JSON, keys sorted) and the content itself: the configuration sections as the console
 * held them (desired and reported), the agent's settings and, when the device could send it, the device's
 * own configuration archive (a tar.gz: `sysupgrade -b` on OpenWrt, the agent's configuration files on
 * other Linux).
 */
import { z } from 'zod';

export const BACKUP_FORMAT = 'edge-device-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** Largest backup file the console takes on upload (and a device may send as its archive, base64). */
export const BACKUP_FILE_MAX_BYTES = 8 * 1024 * 1024;
/** Backups kept per device when the operator has not said otherwise; older ones are pruned. */
export const BACKUP_KEEP_DEFAULT = 5;
export const BACKUP_KEEP_MAX = 100;

/** Job kinds of the Backup app (backup.device is BACKUP_JOB_KIND in job-kinds.ts). */
export const RESTORE_JOB_KIND = 'backup.restore';
export const FACTORY_DEFAULT_JOB_KIND = 'backup.factoryDefault';

/** The device's own configuration archive, as the device sends it (RPC backup.archive). */
export const deviceArchive = z.object({
  format: z.literal('tar.gz'),
  /** Where it came from: sysupgrade -b, the agent's files, or a simulated device's state. */
  source: z.enum(['sysupgrade', 'agent-files', 'simulated']),
  /** base64 of the tar.gz. */
  data: z.string().max(Math.ceil((BACKUP_FILE_MAX_BYTES * 4) / 3)),
});
export type DeviceArchive = z.infer<typeof deviceArchive>;

export const backupSection = z.object({
  section: z.string().max(64),
  desired: z.unknown(),
  desiredVersion: z.number().int(),
  reported: z.unknown(),
  reportedVersion: z.number().int().nullable(),
  reportedAt: z.number().nullable(),
});
export type BackupSection = z.infer<typeof backupSection>;

export const backupContent = z.object({
  deviceId: z.string().max(64),
  serial: z.string().max(64),
  name: z.string().max(200),
  firmware: z.string().max(200),
  takenAt: z.number().int(),
  sections: z.array(backupSection).max(200),
  /** The agent's own settings (report interval, secure mode) as the console knew them. */
  agent: z.object({ reportInterval: z.number(), secureMode: z.string().max(64) }),
  archive: deviceArchive.nullable(),
});
export type BackupContent = z.infer<typeof backupContent>;

export const backupFile = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  model: z.string().min(1).max(200),
  /** sha256, hex, of the canonical JSON of `content`. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  content: backupContent,
});
export type BackupFile = z.infer<typeof backupFile>;

export const backupOrigins = ['backup', 'upload'] as const;

/** One backup of the history. */
export const backupView = z.object({
  id: z.string(),
  deviceId: z.string(),
  model: z.string(),
  /** The device the backup was taken of (an uploaded one may come from other hardware). */
  sourceDeviceId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  takenAt: z.number(),
  createdAt: z.number(),
  origin: z.enum(backupOrigins),
  createdBy: z.string(),
  hasArchive: z.boolean(),
});
export type BackupView = z.infer<typeof backupView>;

/** A device with its latest backup (the Backup app's main list). */
export const backupDeviceView = z.object({
  id: z.string(),
  name: z.string(),
  serial: z.string(),
  model: z.string(),
  online: z.boolean(),
  count: z.number().int(),
  latest: backupView.nullable(),
});
export type BackupDeviceView = z.infer<typeof backupDeviceView>;

export const backupDevicesResponse = z.object({ list: z.array(backupDeviceView) });
export const backupHistoryQuery = z.object({ deviceId: z.string().min(1).max(64) });
export const backupHistoryResponse = z.object({ list: z.array(backupView) });
/** As many devices as one job takes (a fleet-wide backup is one job: bench phases/backup-fanout.ts). */
export const backupNowRequest = z.object({
  deviceIds: z.array(z.string().min(1).max(64)).min(1).max(10_000),
});
export const backupJobResponse = z.object({ jobId: z.number().int() });
export const backupIdRequest = z.object({ id: z.string().min(1).max(200) });
/** Restore a backup on its own device, or on another of the same model (`deviceId`). */
export const backupRestoreRequest = z.object({
  id: z.string().min(1).max(200),
  deviceId: z.string().min(1).max(64).optional(),
});
export const factoryDefaultRequest = z.object({ deviceId: z.string().min(1).max(64) });
export const backupUploadParams = z.object({ deviceId: z.string().min(1).max(64) });
export const backupSettings = z.object({ keep: z.number().int().min(1).max(BACKUP_KEEP_MAX) });
export type BackupSettings = z.infer<typeof backupSettings>;

/** Restore's result, as the job's step holds it. */
export const restoreResult = z.object({
  sections: z.number().int(),
  archive: z.boolean(),
  rebootInMs: z.number().int().nullable(),
});
export type RestoreResult = z.infer<typeof restoreResult>;

/** JSON with object keys sorted, so the hash does not depend on the order keys were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
