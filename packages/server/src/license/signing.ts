/**
 * The licence file's signature: the vendor signs the payload's bytes with its private key
 * (scripts/license-sign.ts), the console checks them with the public key it ships with (vendor-key.ts) or
 * the one it is configured with (LICENSE_PUBLIC_KEY). The Ed25519 envelope itself is the protocol's
 * (`@edge/protocol/signature`), shared with release feeds and device images.
 */
import type { KeyObject } from 'node:crypto';
import { LICENSE_FORMAT, licensePayload, type LicenseFile, type LicensePayload } from '@edge/protocol';
import {
  generateSigningKeys,
  openEnvelope,
  publicKeyOf,
  signEnvelope,
  type KeyPair,
} from '@edge/protocol/signature';

export type { KeyPair };
export { publicKeyOf };

export const generateLicenseKeys = (): KeyPair => generateSigningKeys();

/** Signs a licence (the vendor's side): the file the console takes. */
export function signLicense(payload: unknown, privateKeyPem: string): LicenseFile {
  const checked = licensePayload.parse(payload);
  return signEnvelope(LICENSE_FORMAT, checked, privateKeyPem) as LicenseFile;
}

export type Checked =
  { ok: true; payload: LicensePayload } | { ok: false; reason: 'format' | 'signature' | 'payload' };

/** Checks a file's wrapper, then its signature, then what it says: in that order, so a forgery says 'signature'. */
export function checkLicense(text: string, key: KeyObject): Checked {
  const opened = openEnvelope(text, LICENSE_FORMAT, key);
  if (!opened.ok) return opened;
  const payload = licensePayload.safeParse(opened.payload);
  return payload.success ? { ok: true, payload: payload.data } : { ok: false, reason: 'payload' };
}
