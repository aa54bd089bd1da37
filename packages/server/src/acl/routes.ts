/** Security > Access control list and Admin ACL: the same routes for each list, under its own permission. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMINISTRATOR_ROLE_ID,
  aclEnableRequest,
  aclEntryDeleteRequest,
  aclEntryEditRequest,
  aclEntryRequest,
  aclListResponse,
  canManage,
  canView,
  type AclList,
  type PermissionKey,
} from '@edge/protocol';
import type { AclCaller, AclService } from './service.ts';

const LISTS: Record<AclList, { path: string; permission: PermissionKey }> = {
  accessControl: { path: '/api/v1/security/acl', permission: 'AccessControlList' },
  adminAcl: { path: '/api/v1/security/adminAcl', permission: 'AdminACL' },
};
const tags = ['security'];
const response = { 200: aclListResponse };

const callerOf = (request: FastifyRequest): AclCaller => ({
  ip: request.ip,
  isAdministrator: request.identity?.roleId === ADMINISTRATOR_ROLE_ID,
});

export function aclRoutes(acl: AclService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const [list, { path, permission }] of Object.entries(LISTS) as [
      AclList,
      (typeof LISTS)[AclList],
    ][]) {
      const manage = (action: string) => ({
        permission: canManage(permission),
        activity: `${list}.${action}`,
      });
      r.get(
        path,
        { config: { permission: canView(permission) }, schema: { tags, response } },
        async (request) => acl.view(list, request.ip),
      );
      r.post(
        path,
        { config: manage('add'), schema: { tags, body: aclEntryRequest, response } },
        async (request) => acl.add(list, request.body, callerOf(request)),
      );
      r.patch(
        path,
        { config: manage('edit'), schema: { tags, body: aclEntryEditRequest, response } },
        async (request) => acl.edit(list, request.body, callerOf(request)),
      );
      r.delete(
        path,
        { config: manage('delete'), schema: { tags, body: aclEntryDeleteRequest, response } },
        async (request) => acl.remove(list, request.body, callerOf(request)),
      );
      r.patch(
        `${path}/enable`,
        { config: manage('enable'), schema: { tags, body: aclEnableRequest, response } },
        async (request) => acl.setEnabled(list, request.body, callerOf(request)),
      );
    }
  };
}
