/**
 * Stored files that are not images (device backups): kept in the database beside the images, so every
 * replica serves them, and sent back as a download.
 */
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import { storedFileStore } from './store.ts';

export interface StoredFile {
  contentType: string;
  bytes: Buffer;
  updatedAt: number;
}

export function storedFiles(db: Db, now: () => number = Date.now) {
  const store = storedFileStore(db);
  return {
    async save(key: string, contentType: string, bytes: Buffer): Promise<void> {
      await store.put({
        key,
        content_type: contentType,
        data: bytes.toString('base64'),
        size: bytes.length,
        updated_at: now(),
      });
    },
    async find(key: string): Promise<StoredFile | null> {
      const row = await store.find(key);
      return row
        ? { contentType: row.content_type, bytes: Buffer.from(row.data, 'base64'), updatedAt: row.updated_at }
        : null;
    },
  };
}
export type StoredFiles = ReturnType<typeof storedFiles>;

/** Sends a stored file as an attachment: saved, never shown inline by the browser. */
export function sendDownload(reply: FastifyReply, file: StoredFile | null, fileName: string) {
  if (!file) throw fail(404, 'notFound');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.bytes);
}
