/** The HTTP side of image uploads: reading the one file of a multipart request, and serving an image back. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { fail } from '../http/errors.ts';
import type { StoredImage } from './service.ts';

/**
 * The bytes of the uploaded file; a file over the limit is refused, never kept cut short. The parser's
 * own error is not enough: when the limit falls exactly on the end of a chunk (a browser sends 64 KiB
 * pieces, and 512 KiB is eight of them) it marks the file truncated without handing over another piece,
 * and toBuffer() returns the first maxBytes as if they were the whole file.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw fail(400, 'fileMissing');
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) throw fail(400, 'fileMissing');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(413, 'fileTooLarge');
    throw err;
  }
  if (file.file.truncated || bytes.length > maxBytes) throw fail(413, 'fileTooLarge');
  return bytes;
}

/**
 * Sends a stored image. An SVG opened directly must not run script nor load anything, whatever slipped
 * past the upload check: hence the sandboxing CSP and nosniff.
 */
export function sendImage(reply: FastifyReply, image: StoredImage | null) {
  if (!image) throw fail(404, 'notFound');
  return reply
    .header('content-type', image.contentType)
    .header(
      'content-security-policy',
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-cache')
    .header('last-modified', new Date(image.updatedAt).toUTCString())
    .send(image.bytes);
}
