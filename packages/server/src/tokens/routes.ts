/** Security > Access token: the signed-in user's own tokens. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canManage,
  canView,
  messages,
  newTokenRequest,
  newTokenResponse,
  okResponse,
  tokenIdRequest,
  tokenListResponse,
} from '@edge/protocol';
import type { TokenService } from './service.ts';

const PATH = '/api/v1/security/accessToken';
const tags = ['security'];

export function tokenRoutes(tokens: TokenService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      PATH,
      {
        config: { permission: canView('AccessToken') },
        schema: { tags, response: { 200: tokenListResponse } },
      },
      async (request) => ({
        list: await tokens.list(request.identity!.userId),
      }),
    );
    r.post(
      PATH,
      {
        config: { permission: canManage('AccessToken'), activity: 'accessToken.create' },
        schema: { tags, body: newTokenRequest, response: { 200: newTokenResponse } },
      },
      async (request) => tokens.create(request.identity!.userId, request.body),
    );
    r.delete(
      PATH,
      {
        config: { permission: canManage('AccessToken'), activity: 'accessToken.revoke' },
        schema: { tags, body: tokenIdRequest, response: { 200: okResponse } },
      },
      async (request) => {
        await tokens.revoke(request.identity!.userId, request.body.id);
        return { message: messages.deleted };
      },
    );
  };
}
