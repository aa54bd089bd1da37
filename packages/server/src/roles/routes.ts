/** Settings > Permission: roles and their permission trees. */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { RoleService } from './service.ts';

const { roles: declared } = endpoints;

export function roleRoutes(roles: RoleService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async () => ({ list: await roles.list() }));
    serve(app, declared.create, async (request) => roles.create(request.identity!, request.body));
    serve(app, declared.edit, async (request) => roles.edit(request.identity!, request.body));
    serve(app, declared.remove, async (request) => {
      await roles.remove(request.identity!, request.body.id);
      return { message: messages.deleted };
    });
  };
}
