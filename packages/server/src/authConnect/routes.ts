/** Auth Connect's API (declared in protocol endpoints/authConnect.ts). */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { AuthConnectService } from './service.ts';

const { authConnect: declared } = endpoints;

export function authConnectRoutes(accounts: AuthConnectService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, () => accounts.list());
    serve(app, declared.create, (request) => accounts.create(request.body, request.identity!.userName));
    serve(app, declared.edit, (request) => accounts.edit(request.body, request.identity!.userName));
    serve(app, declared.remove, async (request) => {
      await accounts.remove(request.body.id, request.identity!.userName);
      return { message: messages.authConnectDeleted };
    });
  };
}
