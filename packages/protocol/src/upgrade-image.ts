/**
 * A device image (issue 22): an agent or firmware build, signed by whoever builds it (Ed25519, the same
 * signature as licences). One file, read the same way by the console when it is uploaded and by the agent
 * before it installs it:
 *
 *   EDGEIMG1\n
 *   {manifest JSON}\n            kind, model, version, size and sha256 of the payload
 *   {base64 signature}\n         of the manifest line's bytes
 *   payload bytes                the agent program (kind agent) or the firmware (kind firmware)
 *
 * The signature covers the manifest, the manifest names the payload's hash: changing either byte is caught.
 * Node only: `@edge/protocol/upgrade-image`.
 */
import { createHash, type KeyObject } from 'node:crypto';
import { imageManifest, type ImageManifest } from './upgrade.ts';
import { signBytes, verifyBytes } from './signature.ts';

export const IMAGE_MAGIC = 'EDGEIMG1\n';

/** Builds a signed image (the vendor's or a test's side). */
export function packImage(
  manifest: Omit<ImageManifest, 'sha256' | 'size'>,
  payload: Uint8Array,
  privateKeyPem: string,
): Buffer {
  const full: ImageManifest = imageManifest.parse({
    ...manifest,
    size: payload.length,
    sha256: createHash('sha256').update(payload).digest('hex'),
  });
  const line = Buffer.from(JSON.stringify(full), 'utf8');
  return Buffer.concat([
    Buffer.from(IMAGE_MAGIC, 'ascii'),
    line,
    Buffer.from(`\n${signBytes(line, privateKeyPem)}\n`, 'ascii'),
    payload,
  ]);
}

export type ImageRefusal = 'format' | 'unsigned' | 'signature' | 'payload';
export type OpenedImage =
  { ok: true; manifest: ImageManifest; payload: Buffer } | { ok: false; reason: ImageRefusal };

/** Where the manifest and signature lines end, or null when the file is not an image. */
function split(bytes: Buffer): { manifest: Buffer; signature: string; payload: Buffer } | null {
  if (bytes.subarray(0, IMAGE_MAGIC.length).toString('ascii') !== IMAGE_MAGIC) return null;
  const first = bytes.indexOf(0x0a, IMAGE_MAGIC.length);
  if (first < 0 || first - IMAGE_MAGIC.length > 4096) return null;
  const second = bytes.indexOf(0x0a, first + 1);
  if (second < 0 || second - first > 200) return null;
  return {
    manifest: bytes.subarray(IMAGE_MAGIC.length, first),
    signature: bytes.subarray(first + 1, second).toString('ascii'),
    payload: bytes.subarray(second + 1),
  };
}

/**
 * Reads an image: its wrapper, then the signature of its manifest with `key`, then the payload against
 * the manifest. `unsigned`: the signature line is empty.
 */
export function openImage(bytes: Buffer, key: KeyObject): OpenedImage {
  const parts = split(bytes);
  if (!parts) return { ok: false, reason: 'format' };
  let manifest: ImageManifest;
  try {
    const parsed = imageManifest.safeParse(JSON.parse(parts.manifest.toString('utf8')));
    if (!parsed.success) return { ok: false, reason: 'format' };
    manifest = parsed.data;
  } catch {
    return { ok: false, reason: 'format' };
  }
  if (!parts.signature.trim()) return { ok: false, reason: 'unsigned' };
  if (!verifyBytes(parts.manifest, parts.signature, key)) return { ok: false, reason: 'signature' };
  if (
    parts.payload.length !== manifest.size ||
    createHash('sha256').update(parts.payload).digest('hex') !== manifest.sha256
  )
    return { ok: false, reason: 'payload' };
  return { ok: true, manifest, payload: parts.payload };
}
