/** SPEC 7: backup file download, GET /api/v1/uploadFile/get?id=; only backup files, with Backup enabled. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canView } from '@edge/protocol';
import { sendDownload, type StoredFiles } from '../uploads/files.ts';
import { BACKUP_FILE_PREFIX, backupFileName } from './device-backup.ts';

const fileQuery = z.object({ id: z.string().min(1).max(200) });

export function backupRoutes(files: StoredFiles) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/v1/uploadFile/get',
        { config: { permission: canView('Backup') }, schema: { tags: ['backup'], querystring: fileQuery } },
        async (request, reply) => {
          const { id } = request.query;
          // Other stored files (icons, logos) have routes and permissions of their own.
          const file = id.startsWith(BACKUP_FILE_PREFIX) ? await files.find(id) : null;
          return sendDownload(reply, file, backupFileName(id));
        },
      );
  };
}
