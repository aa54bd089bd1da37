/**
 * A self-signed certificate and its key, made by OpenSSL: the console's HTTPS certificate (server
 * network/tls.ts) and the one a device's 802.1X authenticator proves itself with inside EAP's TLS tunnel
 * (agent platform/linux-authenticator.ts). Node only (kept out of the package index, which the browser
 * imports): `@edge/protocol/self-signed`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Browsers refuse server certificates valid for longer than 825 days. */
export const SELF_SIGNED_DAYS = 825;

/** PEM texts of an ECDSA P-256 certificate for `hostName`, and of its private key. */
export async function selfSigned(
  hostName: string,
  addresses: readonly string[] = [],
): Promise<{ certificate: string; privateKey: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edge-tls-'));
  try {
    const names = [`DNS:${hostName}`, 'DNS:localhost', ...addresses.map((a) => `IP:${a}`)];
    const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      String(SELF_SIGNED_DAYS),
      '-subj',
      `/CN=${hostName}`,
      '-addext',
      `subjectAltName=${names.join(',')}`,
    ]);
    return {
      certificate: await fs.readFile(certFile, 'utf8'),
      privateKey: await fs.readFile(keyFile, 'utf8'),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
