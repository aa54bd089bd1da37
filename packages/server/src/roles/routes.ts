/** Settings > Permission: roles and their permission trees. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canManage,
  canView,
  editRoleRequest,
  messages,
  newRoleRequest,
  okResponse,
  roleIdRequest,
  roleListResponse,
  roleView,
} from '@edge/protocol';
import type { RoleService } from './service.ts';

const PATH = '/api/v1/settings/permission/roles';
const tags = ['permission'];
const manage = (action: string) => ({ permission: canManage('Permission'), activity: `role.${action}` });

export function roleRoutes(roles: RoleService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      PATH,
      {
        config: { permission: canView('Permission') },
        schema: { tags, response: { 200: roleListResponse } },
      },
      async () => ({
        list: await roles.list(),
      }),
    );
    r.post(
      PATH,
      { config: manage('create'), schema: { tags, body: newRoleRequest, response: { 200: roleView } } },
      async (request) => roles.create(request.identity!, request.body),
    );
    r.patch(
      PATH,
      { config: manage('edit'), schema: { tags, body: editRoleRequest, response: { 200: roleView } } },
      async (request) => roles.edit(request.identity!, request.body),
    );
    r.delete(
      PATH,
      { config: manage('delete'), schema: { tags, body: roleIdRequest, response: { 200: okResponse } } },
      async (request) => {
        await roles.remove(request.identity!, request.body.id);
        return { message: messages.deleted };
      },
    );
  };
}
