/**
 * The device backup file (protocol backup.ts): made from what a backup gathered, and checked when one is
 * read back or uploaded: the format and its version, the model, the sha256 over the content, and the
 * configuration archive's path names (none may leave its folder). A refusal names SPEC 8's message.
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  ApiFailure,
  backupFile,
  canonicalJson,
  readTar,
  unsafeTarEntry,
  type BackupContent,
  type BackupFile,
  type DeviceArchive,
} from '@edge/protocol';

export const contentHash = (content: BackupContent) =>
  createHash('sha256').update(canonicalJson(content)).digest('hex');

export function makeBackupFile(model: string, content: BackupContent): BackupFile {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    model,
    sha256: contentHash(content),
    content,
  };
}

export const encodeBackup = (file: BackupFile) => Buffer.from(JSON.stringify(file, null, 2));

/** The archive's tar entries; refuses one that is not a tar.gz or holds a path leaving its folder. */
export function checkArchive(archive: DeviceArchive): void {
  let entries;
  try {
    entries = readTar(gunzipSync(Buffer.from(archive.data, 'base64')));
  } catch {
    throw new ApiFailure(400, 'backupNotABackup');
  }
  if (unsafeTarEntry(entries)) throw new ApiFailure(400, 'backupUnsafeArchive');
}

/**
 * Reads a backup file: 400 with SPEC 8's 'File upload failed, please try again.' and the reason when it is
 * not one, is of a newer format, was altered (hash) or carries an unsafe archive; `model`, when given,
 * must be the file's.
 */
export function parseBackup(bytes: Buffer, model?: string): BackupFile {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ApiFailure(400, 'backupNotABackup');
  }
  const head = json as { format?: unknown; version?: unknown } | null;
  if (!head || typeof head !== 'object' || head.format !== BACKUP_FORMAT)
    throw new ApiFailure(400, 'backupNotABackup');
  if (typeof head.version === 'number' && head.version > BACKUP_FORMAT_VERSION)
    throw new ApiFailure(400, 'backupNewerVersion');
  const parsed = backupFile.safeParse(json);
  // A file that names the format but no longer fits it was cut or edited: the hash cannot hold either.
  if (!parsed.success) throw new ApiFailure(400, 'backupCorrupted');
  const file = parsed.data;
  if (contentHash(file.content) !== file.sha256) throw new ApiFailure(400, 'backupCorrupted');
  if (model !== undefined && file.model !== model) throw new ApiFailure(400, 'backupWrongModel');
  if (file.content.archive) checkArchive(file.content.archive);
  return file;
}
