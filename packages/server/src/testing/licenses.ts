/**
 * Licences for tests: a key pair made per test process (the vendor's private key is never in the
 * repository), the console setting that makes a test console trust it, and signed files.
 */
import { generateLicenseKeys, signLicense } from '../license/signing.ts';
import type { Config } from '../config.ts';

const keys = generateLicenseKeys();

/** Overrides that make a test console accept licences signed by signTestLicense. */
export const trustTestLicenses: Partial<Config> = { licensePublicKey: keys.publicKeyPem };

/** A licence file's bytes, signed with the test key (or another one, to be refused). */
export function signTestLicense(
  payload: Record<string, unknown>,
  privateKeyPem = keys.privateKeyPem,
): Buffer {
  return Buffer.from(JSON.stringify(signLicense(payload, privateKeyPem)));
}

/** A UTC day `days` from today, as licences write them. */
export const dayFrom = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
