/** SPEC 7: a backup file's download (only backup files, with Backup enabled). */
import { z } from 'zod';
import { canView } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

export const backupFileQuery = z.object({ id: z.string().min(1).max(200) });

export const backupEndpoints = featureEndpoints('backup', {
  download: endpoint({
    method: 'GET',
    path: '/api/v1/uploadFile/get',
    permission: canView('Backup'),
    query: backupFileQuery,
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [404],
  }),
});
