/** SPEC 7: backup file download, GET /api/v1/uploadFile/get?id=; only backup files, with Backup enabled. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import { sendDownload, type StoredFiles } from '../uploads/files.ts';
import { BACKUP_FILE_PREFIX, backupFileName } from './device-backup.ts';

export function backupRoutes(files: StoredFiles) {
  return async (app: FastifyInstance) => {
    serve(app, endpoints.backup.download, async (request, reply) => {
      const { id } = request.query;
      // Other stored files (icons, logos) have routes and permissions of their own.
      const file = id.startsWith(BACKUP_FILE_PREFIX) ? await files.find(id) : null;
      return sendDownload(reply, file, backupFileName(id));
    });
  };
}
