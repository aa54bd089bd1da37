/**
 * The HTTP layer every feature shares: Fastify with zod schemas, errors in the SPEC's shape, the route
 * table, the access control lists' gate, security headers, cookies, uploads, WebSockets and API docs, and
 * the drain that answers 503 while the console stops. The guard comes after it (app.ts): it needs the
 * sessions, which need the live hub.
 */
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from '@edge/protocol';
import type { Config } from '../config.ts';
import type { AclService } from '../acl/service.ts';
import { registerAclGate } from '../acl/gate.ts';
import { registerErrorHandling } from './errors.ts';
import { serverLogOptions } from './request-log.ts';
import { registerSecurityHeaders } from './security.ts';
import { registerApiDocs } from './docs.ts';
import { registerWebSockets } from './websocket.ts';
import { collectRoutes } from './route-table.ts';
import { frontDoor } from './front-door.ts';
import { inOperatorLane } from '../db/pool-lanes.ts';
import './types.ts';

export async function httpLayer(
  config: Config,
  opts: { logger?: boolean; logStream?: { write(line: string): void } },
  acl: AclService,
) {
  const door = frontDoor();
  const app = Fastify({
    ...serverLogOptions(opts.logger === false ? false : config.logLevel, opts.logStream),
    trustProxy: config.trustProxy,
    serverFactory: door.serverFactory,
  });
  app.decorate('serveHost', door.add);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First of the hooks: the request, its other hooks and its handler use the connections kept for requests.
  app.addHook('onRequest', (_request, _reply, done) => inOperatorLane(done));
  let draining = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    return reply.status(503).send({ err_message: messages.consoleStopping, err_code: 'consoleStopping' });
  });
  const routes = collectRoutes(app);
  registerAclGate(app, acl);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { files: 1, fileSize: 1024 * 1024 } });
  const webSockets = await registerWebSockets(app);
  await registerApiDocs(app);
  return {
    app,
    routes,
    webSockets,
    /** From now on every new request is answered 503 (Connection: close). */
    drain(): void {
      draining = true;
    },
  };
}
