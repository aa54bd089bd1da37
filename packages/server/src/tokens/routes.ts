/** Security > Access token: the signed-in user's own tokens. */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { TokenService } from './service.ts';

const { tokens: declared } = endpoints;

export function tokenRoutes(tokens: TokenService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async (request) => ({ list: await tokens.list(request.identity!.userId) }));
    serve(app, declared.create, async (request) => tokens.create(request.identity!.userId, request.body));
    serve(app, declared.revoke, async (request) => {
      await tokens.revoke(request.identity!.userId, request.body.id);
      return { message: messages.deleted };
    });
  };
}
