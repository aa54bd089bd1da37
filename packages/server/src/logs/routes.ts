/**
 * SPEC 7's log routes. Files are streamed: the first batch of rows is read before the answer starts, so a
 * store that cannot be read gives SPEC 8's 'Failed to download log file' (500) instead of a broken file.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints, type LogRow } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import { fail } from '../http/errors.ts';
import { archiveOf, archiveType, LOG_FILE_HEADER, logFiles, logLine } from './archive/files.ts';
import type { LogService } from './service.ts';

const { logs: declared } = endpoints;

/** Reads the first batch now (failing as SPEC 8 says), then goes on with the rest. */
async function started(batches: AsyncGenerator<LogRow[]>): Promise<AsyncGenerator<LogRow[]>> {
  let first: IteratorResult<LogRow[]>;
  try {
    first = await batches.next();
  } catch {
    throw fail(500, 'logDownloadFailed');
  }
  return (async function* () {
    if (!first.done) yield first.value;
    yield* batches;
  })();
}

function attachment(reply: FastifyReply, type: string, fileName: string, body: Readable) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(body);
}

export function logRoutes(logs: LogService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async (request) => logs.list(request.query));
    serve(app, declared.legacyList, async (request) => logs.list(request.query));
    serve(app, declared.programs, async (request) => logs.programs(request.query.deviceID));

    serve(app, declared.download, async (request, reply) => {
      const batches = await started(logs.rows(request.query));
      const text = Readable.from(
        (async function* () {
          yield LOG_FILE_HEADER;
          for await (const rows of batches) yield rows.map(logLine).join('');
        })(),
      );
      return attachment(reply, 'text/plain; charset=utf-8', `${logs.fileBase(request.query)}.log`, text);
    });

    serve(app, declared.export, async (request, reply) => {
      const { format, ...filter } = request.query;
      const base = logs.fileBase(filter);
      const files = logFiles(await started(logs.rows(filter)), base);
      return attachment(reply, archiveType[format], `${base}.${format}`, archiveOf(format, files));
    });

    serve(app, declared.devicePackage, async (request, reply) => {
      const { deviceID } = request.query;
      if (!logs.knows(deviceID)) throw fail(404, 'notFound');
      const base = logs.fileBase({ deviceID });
      const files = logFiles(await started(logs.rows({ deviceID })), base);
      return attachment(reply, archiveType['tar.gz'], `${base}.tar.gz`, archiveOf('tar.gz', files));
    });

    serve(app, declared.reset, async (request) => {
      return logs.reset(request.body.deviceID, request.identity!.userName);
    });
    serve(app, declared.settings, async () => logs.settings());
    serve(app, declared.saveSettings, async (request) =>
      logs.saveSettings(request.body, request.identity!.userName),
    );
    serve(app, declared.deviceMode, async (request) => logs.deviceMode(request.query.deviceID));
    serve(app, declared.saveDeviceMode, async (request) =>
      logs.saveDeviceMode(request.body, request.identity!.userName),
    );
  };
}
