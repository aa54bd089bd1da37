/**
 * Console backup and restore (Settings > Backup & Restore): a consistent snapshot of the whole console
 * (every table's rows, the files of DATA_DIR, the secret key wrapped by the operator's passphrase) in one
 * dialect-neutral archive, and its restore onto a fresh install (SQLite or PostgreSQL either way round).
 */
import { z } from 'zod';
import { ruled } from './validation.ts';

/** First line of every console backup archive (inside its gzip). */
export const CONSOLE_BACKUP_MAGIC = 'EDGE-CONSOLE-BACKUP';
/** The archive's own format; a reader refuses one it does not know. */
export const CONSOLE_BACKUP_FORMAT = 1;
/** File name ending of console backups (a gzip of JSON lines). */
export const CONSOLE_BACKUP_EXTENSION = '.edgebackup';
/** Largest archive an upload may carry unless the console is configured otherwise (CONSOLE_BACKUP_MAX_BYTES). */
export const CONSOLE_BACKUP_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const CONSOLE_BACKUP_PASSPHRASE_MIN = 8;
export const CONSOLE_BACKUP_PASSPHRASE_MAX = 256;

/** The passphrase the secret key is wrapped by; the same rule in the form and the API. */
export const consoleBackupPassphraseRule = (value: string) =>
  value.length < CONSOLE_BACKUP_PASSPHRASE_MIN || value.length > CONSOLE_BACKUP_PASSPHRASE_MAX
    ? ('consoleBackupPassphraseLength' as const)
    : null;
export const consoleBackupPassphrase = ruled(consoleBackupPassphraseRule);

/** One archive of the console's backup folder. */
export const consoleBackupView = z.object({
  id: z.string(),
  /** When the snapshot was taken (epoch ms), from the archive's header. */
  createdAt: z.number(),
  size: z.number(),
  /** The console version that wrote it, and its newest migration. */
  appVersion: z.string(),
  lastMigration: z.string(),
  /** The dialect it was read from (sqlite | postgres); it restores on either. */
  dialect: z.string(),
  /** Uploaded rather than taken here. */
  uploaded: z.boolean(),
});
export type ConsoleBackupView = z.infer<typeof consoleBackupView>;

export const consoleBackupList = z.object({ list: z.array(consoleBackupView) });
export const consoleBackupId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/) });
export const consoleBackupCreate = z.object({ passphrase: consoleBackupPassphrase });
export const consoleBackupRestore = z.object({
  id: consoleBackupId.shape.id,
  passphrase: consoleBackupPassphrase,
});

/** Restore progress (live channel consoleBackup.restore, key ''). */
export const consoleRestorePhases = ['idle', 'verifying', 'restoring', 'files', 'done', 'failed'] as const;
export const consoleRestoreProgress = z.object({
  phase: z.enum(consoleRestorePhases),
  /** The table being written, while restoring. */
  table: z.string().optional(),
  rowsDone: z.number(),
  rowsTotal: z.number(),
  /** The failure's code and words when phase is failed. */
  err_message: z.string().optional(),
  err_code: z.string().optional(),
});
export type ConsoleRestoreProgress = z.infer<typeof consoleRestoreProgress>;
