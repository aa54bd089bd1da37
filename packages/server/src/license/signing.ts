/**
 * The licence file's signature (Ed25519 through node:crypto): the vendor signs the payload's bytes with
 * its private key (scripts/license-sign.ts), the console checks them with the public key it ships with
 * (vendor-key.ts) or the one it is configured with (LICENSE_PUBLIC_KEY). The payload travels as base64
 * so the bytes checked are the bytes signed, whatever a text editor or JSON library does to the wrapper.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import {
  LICENSE_FORMAT,
  licenseFile,
  licensePayload,
  type LicenseFile,
  type LicensePayload,
} from '@edge/protocol';

export interface KeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

export function generateLicenseKeys(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Signs a licence (the vendor's side): the file the console takes. */
export function signLicense(payload: unknown, privateKeyPem: string): LicenseFile {
  const checked = licensePayload.parse(payload);
  const bytes = Buffer.from(JSON.stringify(checked), 'utf8');
  const signature = sign(null, bytes, createPrivateKey(privateKeyPem));
  return {
    format: LICENSE_FORMAT,
    payload: bytes.toString('base64'),
    signature: signature.toString('base64'),
  };
}

export type Checked =
  { ok: true; payload: LicensePayload } | { ok: false; reason: 'format' | 'signature' | 'payload' };

export const publicKeyOf = (pem: string): KeyObject => createPublicKey(pem);

/** Checks a file's wrapper, then its signature, then what it says: in that order, so a forgery says 'signature'. */
export function checkLicense(text: string, key: KeyObject): Checked {
  let file: LicenseFile;
  try {
    const parsed = licenseFile.safeParse(JSON.parse(text));
    if (!parsed.success) return { ok: false, reason: 'format' };
    file = parsed.data;
  } catch {
    return { ok: false, reason: 'format' };
  }
  const bytes = Buffer.from(file.payload, 'base64');
  const valid = (() => {
    try {
      return verify(null, bytes, key, Buffer.from(file.signature, 'base64'));
    } catch {
      return false;
    }
  })();
  if (!valid) return { ok: false, reason: 'signature' };
  try {
    const payload = licensePayload.safeParse(JSON.parse(bytes.toString('utf8')));
    return payload.success ? { ok: true, payload: payload.data } : { ok: false, reason: 'payload' };
  } catch {
    return { ok: false, reason: 'payload' };
  }
}
