/**
 * The Backup app's API (declared in protocol endpoints/backup.ts); the download is SPEC 7's
 * GET /api/v1/uploadFile/get?id= (only backup files, opened from their sealed copy).
 */
import type { FastifyInstance } from 'fastify';
import { ApiFailure, BACKUP_FILE_MAX_BYTES, endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import { readUpload } from '../uploads/http.ts';
import { sendDownload } from '../uploads/files.ts';
import type { BackupService } from './service.ts';
import { BACKUP_FILE_PREFIX } from './store.ts';

const { backup: declared } = endpoints;

/** A file over the limit is refused in SPEC 8's words, as every other refused backup file. */
async function readBackupUpload(request: Parameters<typeof readUpload>[0]): Promise<Buffer> {
  try {
    return await readUpload(request, BACKUP_FILE_MAX_BYTES);
  } catch (err) {
    if (err instanceof ApiFailure && err.code === 'fileTooLarge') throw new ApiFailure(413, 'backupTooLarge');
    throw err;
  }
}

export function backupRoutes(service: BackupService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.download, async (request, reply) => {
      const { id } = request.query;
      // Other stored files (icons, logos) have routes and permissions of their own.
      const file = id.startsWith(BACKUP_FILE_PREFIX) ? await service.download(id) : null;
      return sendDownload(
        reply,
        file && { contentType: 'application/json', bytes: file.bytes, updatedAt: 0 },
        file?.fileName ?? '',
      );
    });
    serve(app, declared.devices, () => service.devices());
    serve(app, declared.history, (request) => service.history(request.query.deviceId));
    serve(app, declared.backupNow, (request) =>
      service.backupNow(request.body.deviceIds, request.identity!.userName),
    );
    serve(app, declared.upload, async (request) =>
      service.upload(request.params.deviceId, await readBackupUpload(request), request.identity!.userName),
    );
    serve(app, declared.restore, (request) =>
      service.restore(request.body.id, request.body.deviceId, request.identity!.userName),
    );
    serve(app, declared.factoryDefault, (request) =>
      service.factoryDefault(request.body.deviceId, request.identity!.userName),
    );
    serve(app, declared.remove, async (request) => {
      await service.remove(request.body.id);
      return { message: messages.backupDeleted };
    });
    serve(app, declared.settings, () => service.settings());
    serve(app, declared.saveSettings, (request) => service.saveSettings(request.body));
  };
}
