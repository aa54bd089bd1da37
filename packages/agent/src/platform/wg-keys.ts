/**
 * The device's WireGuard key pair, made on the device (X25519 from node:crypto) and kept in its state
 * directory readable by root only. Only the public key is ever sent anywhere; nothing here logs a key.
 */
import { generateKeyPairSync, createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface WgKeys {
  /** base64, as `wg` shows keys. */
  publicKey: string;
  privateKey: string;
}

const b64 = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');

export function makeKeys(): WgKeys {
  const { privateKey } = generateKeyPairSync('x25519');
  return fromPrivate(b64(privateKey.export({ format: 'jwk' }).d!));
}

const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');

export function fromPrivate(privateKey: string): WgKeys {
  const raw = Buffer.from(privateKey, 'base64');
  if (raw.length !== 32) throw new Error('not a WireGuard private key');
  // PKCS#8 wrapping of a raw X25519 private key (RFC 8410): a fixed 16-byte header, then the key.
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_X25519, raw]), format: 'der', type: 'pkcs8' });
  return { privateKey, publicKey: b64(createPublicKey(key).export({ format: 'jwk' }).x!) };
}

/** The key pair in `file`, made (mode 0600) on first use. */
export function loadOrMakeKeys(file: string): WgKeys {
  try {
    return fromPrivate(fs.readFileSync(file, 'utf8').trim());
  } catch {
    const keys = makeKeys();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${keys.privateKey}\n`, { mode: 0o600 });
    return keys;
  }
}

export const keyHex = (base64: string): string => Buffer.from(base64, 'base64').toString('hex');
export const keyBase64 = (hex: string): string => Buffer.from(hex, 'hex').toString('base64');
