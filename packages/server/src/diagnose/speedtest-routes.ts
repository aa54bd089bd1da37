/**
 * The console as a speedtest server (what the agent's speedtest asks of one, agent platform/speedtest.ts):
 * `GET <link>/download?bytes=N` answers N bytes, `POST <link>/upload` reads what is sent and says how much
 * came. A link is made for one device and one test (speedtest-token.ts); any other is refused, so the
 * endpoint cannot be used by anyone else to load the console.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DIAGNOSE_SPEEDTEST_PATH, publicRoute, speedtestDownloadQuery } from '@edge/protocol';
import { fail } from '../http/errors.ts';
import type { SpeedtestTokens } from './speedtest-token.ts';

const tags = ['diagnose'];
const CHUNK = Buffer.alloc(64 * 1024, 0x5a);
const MAX_UPLOAD = 512 * 1024 * 1024;
/**
 * `<token>/<verb>`: a wildcard, as a sealed token is longer than a path parameter may be (Fastify's
 * maxParamLength).
 */
const linkParams = z.object({ '*': z.string().max(2048) });
const verbOf = (link: string, verb: 'download' | 'upload') =>
  link.endsWith(`/${verb}`) ? link.slice(0, -verb.length - 1) : undefined;

/** `bytes` of filler, a chunk at a time, as fast as the reader takes them. */
function filler(bytes: number): Readable {
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
      left -= piece.length;
      this.push(piece);
    },
  });
}

export function speedtestRoutes(tokens: SpeedtestTokens) {
  const admit =
    (verb: 'download' | 'upload') =>
    async (request: FastifyRequest): Promise<void> => {
      const token = verbOf((request.params as { '*': string })['*'], verb);
      if (token === undefined) throw fail(404, 'notFound');
      if (!tokens.check(token, Date.now())) throw fail(403, 'speedtestTokenInvalid');
    };
  return async (app: FastifyInstance) => {
    // The upload is counted as it streams, never held: this parser only reads the body's length.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => {
      let received = 0;
      payload.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_UPLOAD) payload.destroy(fail(413, 'fileTooLarge'));
      });
      payload.on('error', (err) => done(err, undefined));
      payload.on('end', () => done(null, { received }));
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      `${DIAGNOSE_SPEEDTEST_PATH}/*`,
      {
        config: { permission: publicRoute },
        schema: { tags, params: linkParams, querystring: speedtestDownloadQuery },
        onRequest: admit('download'),
      },
      async (request, reply) =>
        reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', request.query.bytes)
          .header('cache-control', 'no-store')
          .send(filler(request.query.bytes)),
    );
    r.post(
      `${DIAGNOSE_SPEEDTEST_PATH}/*`,
      {
        // A measurement, not a change: nothing is kept, and devices are not users to log.
        config: { permission: publicRoute, activity: 'diagnose.speedtest.upload' },
        schema: { tags, params: linkParams },
        onRequest: admit('upload'),
        bodyLimit: MAX_UPLOAD,
      },
      async (request) => ({ received: (request.body as { received?: number } | undefined)?.received ?? 0 }),
    );
  };
}
