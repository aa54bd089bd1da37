/**
 * Ed25519 signatures through node:crypto, the one implementation every signed file uses: licences (server
 * license/signing.ts), release feeds and device images (upgrade-image.ts), checked by the console and by
 * the agent. Node only (kept out of the package index, which the browser imports): `@edge/protocol/signature`.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

export interface KeyPair {
  publicKeyPem: string;
  privateKeyPem: string;
}

export function generateSigningKeys(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The base64 signature of `bytes` with the signer's private key (PEM). */
export const signBytes = (bytes: Uint8Array, privateKeyPem: string): string =>
  sign(null, bytes, createPrivateKey(privateKeyPem)).toString('base64');

export const publicKeyOf = (pem: string): KeyObject => createPublicKey(pem);

/** True when `signatureBase64` is the signature of exactly these bytes by the key's private half. */
export function verifyBytes(bytes: Uint8Array, signatureBase64: string, key: KeyObject): boolean {
  try {
    return verify(null, bytes, key, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

/**
 * A signed JSON document: its payload travels as base64 so the bytes checked are the bytes signed, whatever
 * a text editor or JSON library does to the wrapper (licences, release feeds).
 */
export interface SignedEnvelope {
  format: string;
  payload: string;
  signature: string;
}

export function signEnvelope(format: string, payload: unknown, privateKeyPem: string): SignedEnvelope {
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  return { format, payload: bytes.toString('base64'), signature: signBytes(bytes, privateKeyPem) };
}

export type OpenedEnvelope =
  { ok: true; payload: unknown } | { ok: false; reason: 'format' | 'signature' | 'payload' };

/** Checks the wrapper, then the signature, then that the payload is JSON: in that order, so a forgery says 'signature'. */
export function openEnvelope(text: string, format: string, key: KeyObject): OpenedEnvelope {
  let envelope: SignedEnvelope;
  try {
    const parsed = JSON.parse(text) as Partial<SignedEnvelope> | null;
    if (
      !parsed ||
      parsed.format !== format ||
      typeof parsed.payload !== 'string' ||
      typeof parsed.signature !== 'string'
    )
      return { ok: false, reason: 'format' };
    envelope = parsed as SignedEnvelope;
  } catch {
    return { ok: false, reason: 'format' };
  }
  const bytes = Buffer.from(envelope.payload, 'base64');
  if (!verifyBytes(bytes, envelope.signature, key)) return { ok: false, reason: 'signature' };
  try {
    return { ok: true, payload: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { ok: false, reason: 'payload' };
  }
}
