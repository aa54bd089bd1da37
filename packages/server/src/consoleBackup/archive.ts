/**
 * The console backup archive: a gzip of JSON lines, written and read as streams (never whole in memory).
 *
 *   EDGE-CONSOLE-BACKUP                                       magic line
 *   {"format":1,"appVersion",...,"kdf",...,"key":{...}}       header: versions, schema, the wrapped secret key
 *   {"table":"users","columns":["id",...],"rows":n}           a table, then its n rows as JSON arrays
 *   [1,"admin",...]
 *   {"file":"path/in/DATA_DIR","size":n}                      a file of DATA_DIR, then its bytes as base64 lines
 *   "base64..."
 *   {"end":true,"mac":"hex"}                                  HMAC-SHA256 of every line above, under the passphrase
 *
 * The passphrase (scrypt) gives two keys: one wraps the console's secret key (AES-256-GCM), the other signs
 * the content, so a file altered since, or made by anyone without the passphrase, is refused before
 * anything is written. Values are dialect-neutral: numbers, text, null; bytes as {"$b64": "..."}.
 */
import fs from 'node:fs';
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
  type Hmac,
} from 'node:crypto';
import { createGunzip, createGzip } from 'node:zlib';
import { once } from 'node:events';
import { ApiFailure, CONSOLE_BACKUP_FORMAT, CONSOLE_BACKUP_MAGIC } from '@edge/protocol';

/** The longest line a reader accepts: a row or a base64 piece is far shorter; a longer one is not ours. */
const MAX_LINE = 16 * 1024 * 1024;
const KEY_AAD = Buffer.from('edge-console-backup.key');
const SCRYPT = { N: 1 << 15, r: 8, p: 1 };

export interface ArchiveHeader {
  format: number;
  appVersion: string;
  createdAt: number;
  dialect: string;
  /** The migrations applied to the schema the rows were read from, in order. */
  migrations: string[];
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  /** The console's secret key wrapped under the passphrase. */
  key: { iv: string; tag: string; data: string };
}

export type ArchiveEntry =
  | { table: string; columns: string[]; rows: number }
  | { file: string; size: number }
  | { end: true; mac: string };

export interface PassphraseKeys {
  wrap: Buffer;
  mac: Buffer;
}

export async function deriveKeys(
  passphrase: string,
  kdf: Pick<ArchiveHeader['kdf'], 'N' | 'r' | 'p' | 'salt'>,
): Promise<PassphraseKeys> {
  if (kdf.N > 1 << 20 || kdf.r > 16 || kdf.p > 4) throw new ApiFailure(400, 'consoleBackupNotArchive');
  const bytes = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      Buffer.from(kdf.salt, 'base64'),
      64,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
  return { wrap: bytes.subarray(0, 32), mac: bytes.subarray(32) };
}

export function newKdf(): ArchiveHeader['kdf'] {
  return { name: 'scrypt', ...SCRYPT, salt: randomBytes(16).toString('base64') };
}

export function wrapKey(secretKey: Buffer, keys: PassphraseKeys): ArchiveHeader['key'] {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.wrap, iv).setAAD(KEY_AAD);
  const data = Buffer.concat([cipher.update(secretKey), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** The console's secret key, or a refusal saying the passphrase is not the one the backup was made with. */
export function unwrapKey(wrapped: ArchiveHeader['key'], keys: PassphraseKeys): Buffer {
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.wrap, Buffer.from(wrapped.iv, 'base64')).setAAD(
      KEY_AAD,
    );
    decipher.setAuthTag(Buffer.from(wrapped.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(wrapped.data, 'base64')), decipher.final()]);
  } catch {
    throw new ApiFailure(400, 'consoleBackupWrongPassphrase');
  }
}

/** Encodes a value read from either dialect. */
export function encodeValue(value: unknown): unknown {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return { $b64: Buffer.from(value).toString('base64') };
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

export function decodeValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && '$b64' in value)
    return Buffer.from(String((value as { $b64: unknown }).$b64), 'base64');
  return value;
}

/** Writes an archive: lines go through the MAC and gzip to `file`; waits for the disk when it lags. */
export function archiveWriter(file: string, macKey: Buffer) {
  const out = fs.createWriteStream(file, { mode: 0o600 });
  const gzip = createGzip({ level: 6 });
  gzip.pipe(out);
  const mac = createHmac('sha256', macKey);
  let failed: Error | null = null;
  out.on('error', (err) => (failed = err));
  gzip.on('error', (err) => (failed = err));
  const write = async (line: string) => {
    if (failed) throw failed;
    mac.update(line).update('\n');
    if (!gzip.write(line + '\n')) await once(gzip, 'drain');
  };
  return {
    line: (value: unknown) => write(JSON.stringify(value)),
    raw: write,
    async finish(): Promise<void> {
      const end = JSON.stringify({ end: true, mac: mac.digest('hex') });
      gzip.end(end + '\n');
      await once(out, 'close');
      if (failed) throw failed;
    },
    abort() {
      gzip.destroy();
      out.destroy();
    },
  };
}

/** The lines of a gzip file, each at most MAX_LINE long; a file that is not a gzip ends in a refusal. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const source = fs.createReadStream(file);
  const input = createGunzip();
  source.on('error', (err) => input.destroy(err));
  source.pipe(input);
  let pending = '';
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      pending += chunk.toString('utf8');
      let at: number;
      while ((at = pending.indexOf('\n')) >= 0) {
        yield pending.slice(0, at);
        pending = pending.slice(at + 1);
      }
      if (pending.length > MAX_LINE) throw new ApiFailure(400, 'consoleBackupNotArchive');
    }
  } catch (err) {
    if (err instanceof ApiFailure) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ApiFailure(404, 'notFound');
    throw new ApiFailure(400, 'consoleBackupNotArchive');
  } finally {
    source.destroy();
    input.destroy();
  }
  if (pending.length > 0) yield pending;
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new ApiFailure(400, 'consoleBackupNotArchive');
  }
}

function isHeader(value: unknown): value is ArchiveHeader {
  const h = value as Partial<ArchiveHeader> | null;
  return (
    !!h &&
    typeof h.format === 'number' &&
    typeof h.appVersion === 'string' &&
    typeof h.createdAt === 'number' &&
    typeof h.dialect === 'string' &&
    Array.isArray(h.migrations) &&
    h.migrations.every((m) => typeof m === 'string') &&
    !!h.kdf &&
    typeof h.kdf.salt === 'string' &&
    !!h.key &&
    typeof h.key.data === 'string'
  );
}

/** The header alone (the list shows it; a restore reads it first): refuses a file that is not an archive. */
export async function readHeader(file: string): Promise<ArchiveHeader> {
  const lines = linesOf(file);
  try {
    const magic = await lines.next();
    if (magic.done || magic.value !== CONSOLE_BACKUP_MAGIC)
      throw new ApiFailure(400, 'consoleBackupNotArchive');
    const header = await lines.next();
    const value = header.done ? null : parse(header.value);
    if (!isHeader(value)) throw new ApiFailure(400, 'consoleBackupNotArchive');
    if (value.format > CONSOLE_BACKUP_FORMAT) throw new ApiFailure(400, 'consoleBackupNewer');
    return value;
  } finally {
    await lines.return(undefined);
  }
}

export type ArchiveItem =
  | { kind: 'table'; table: string; columns: string[]; rows: number }
  | { kind: 'row'; table: string; values: unknown[] }
  | { kind: 'file'; file: string; size: number }
  | { kind: 'bytes'; file: string; bytes: Buffer };

/**
 * Reads an archive through, item by item, checking its MAC as it goes: the last step throws when the
 * content does not match what the passphrase signed (altered, cut short, or signed by someone else).
 */
export async function* readArchive(file: string, macKey: Buffer): AsyncGenerator<ArchiveItem> {
  const mac: Hmac = createHmac('sha256', macKey);
  const lines = linesOf(file);
  let index = 0;
  let table: { name: string; left: number } | null = null;
  let current: { name: string; left: number } | null = null;
  let ended: string | null = null;
  for await (const line of lines) {
    if (ended !== null) throw new ApiFailure(400, 'consoleBackupDamaged');
    if (index++ < 2) {
      mac.update(line).update('\n');
      continue;
    }
    if (table && table.left > 0) {
      mac.update(line).update('\n');
      const values = parse(line);
      if (!Array.isArray(values)) throw new ApiFailure(400, 'consoleBackupDamaged');
      table.left--;
      yield { kind: 'row', table: table.name, values: values.map(decodeValue) };
      continue;
    }
    if (current && current.left > 0) {
      mac.update(line).update('\n');
      const text = parse(line);
      if (typeof text !== 'string') throw new ApiFailure(400, 'consoleBackupDamaged');
      const bytes = Buffer.from(text, 'base64');
      if (bytes.length > current.left) throw new ApiFailure(400, 'consoleBackupDamaged');
      current.left -= bytes.length;
      yield { kind: 'bytes', file: current.name, bytes };
      continue;
    }
    const entry = parse(line) as Partial<ArchiveEntry> & Record<string, unknown>;
    if (entry && 'end' in entry && typeof entry.mac === 'string') {
      ended = entry.mac;
      continue;
    }
    mac.update(line).update('\n');
    if (typeof entry.table === 'string' && Array.isArray(entry.columns) && typeof entry.rows === 'number') {
      table = { name: entry.table, left: entry.rows };
      current = null;
      yield { kind: 'table', table: entry.table, columns: entry.columns.map(String), rows: entry.rows };
    } else if (typeof entry.file === 'string' && typeof entry.size === 'number') {
      current = { name: entry.file, left: entry.size };
      table = null;
      yield { kind: 'file', file: entry.file, size: entry.size };
    } else {
      throw new ApiFailure(400, 'consoleBackupDamaged');
    }
  }
  const expected = mac.digest();
  const given = Buffer.from(ended ?? '', 'hex');
  if (
    ended === null ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected) ||
    table?.left ||
    current?.left
  )
    throw new ApiFailure(400, 'consoleBackupDamaged');
}
