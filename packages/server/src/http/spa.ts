/** Serves the built web console; unknown non-API paths get index.html so client routes work on reload. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '@edge/protocol';
import { registerPublicPlugin } from './public-scope.ts';

const isApiPath = (url: string) => /^\/(api|websocket|mqtt|healthz)(\/|$|\?)/.test(url);

export async function registerWebConsole(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const index = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasBuild = index !== undefined && fs.existsSync(index);
  if (hasBuild) {
    await registerPublicPlugin(app, fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      maxAge: '1h',
    });
  }
  app.setNotFoundHandler({}, (request, reply) => {
    if (isApiPath(request.url) || !hasBuild || request.method !== 'GET') {
      return reply.status(404).send({ err_message: messages.notFound, err_code: 'notFound' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(index!));
  });
}
