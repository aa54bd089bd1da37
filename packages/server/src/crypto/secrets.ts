/**
 * Secrets at rest (SMTP password, registry and device credentials): AES-256-GCM under one key kept in
 * DATA_DIR/secret.key, created on first start readable by the owner only. Replicas sharing a PostgreSQL
 * store must share this file too. Each value is sealed for a purpose ("smtp.password"), so a sealed value
 * copied into another column does not open there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const KEY_FILE = 'secret.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = 'v1';
// Fixed, so a shortened tag cannot be passed off as valid.
const TAG_BYTES = 16;

export interface Secrets {
  /** Encrypts text for a purpose; the result is printable and safe to store in a text column. */
  seal(plaintext: string, purpose: string): string;
  /** Decrypts what seal() produced for the same purpose; throws when the value was altered or the key differs. */
  open(sealed: string, purpose: string): string;
}

function readOrCreateKey(dataDir: string): Buffer {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, KEY_FILE);
  try {
    // 'wx' fails when the file exists, so two processes starting together never overwrite each other's key.
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte key`);
  return key;
}

/** The console's own secrets: its key can be read again (a console restore put the backup's key in place). */
export interface KeyedSecrets extends Secrets {
  reload(): void;
}

export function loadSecrets(dataDir: string): KeyedSecrets {
  let key = readOrCreateKey(dataDir);
  return {
    reload() {
      key = readOrCreateKey(dataDir);
    },
    seal(plaintext, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES }).setAAD(
        Buffer.from(purpose),
      );
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, purpose) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined)
        throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      }).setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
