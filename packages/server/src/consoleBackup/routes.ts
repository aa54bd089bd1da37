/** Settings > Backup & Restore: the console's own backups (endpoints/consoleBackup.ts). */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/multipart';
import { ApiFailure, endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { ConsoleBackupService } from './service.ts';

const { consoleBackup: declared } = endpoints;

export function consoleBackupRoutes(service: ConsoleBackupService, maxBytes: number) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async () => ({ list: await service.list() }));
    serve(app, declared.create, async (request) => service.create(request.body.passphrase));
    serve(app, declared.download, async (request, reply) => {
      const file = service.fileFor(request.query.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${path.basename(file)}"`)
        .header('content-length', String(fs.statSync(file).size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(file));
    });
    serve(app, declared.upload, async (request) => {
      if (!request.isMultipart()) throw new ApiFailure(400, 'fileMissing');
      const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
      if (!part) throw new ApiFailure(400, 'fileMissing');
      return service.upload(part.file, () => part.file.truncated);
    });
    serve(app, declared.remove, async (request) => {
      await service.remove(request.body.id);
      return { id: request.body.id };
    });
    serve(app, declared.restore, async (request) => {
      const who = request.identity;
      await service.restore(
        request.body.id,
        request.body.passphrase,
        who ? { user: { id: who.userId, name: who.userName }, ip: request.ip } : undefined,
      );
      return { started: true as const };
    });
  };
}
