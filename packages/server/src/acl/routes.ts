/** Security > Access control list and Admin ACL: the same endpoints for each list, under its own permission. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMINISTRATOR_ROLE_ID, aclListEndpoints, type AclList } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { AclCaller, AclService } from './service.ts';

const callerOf = (request: Pick<FastifyRequest, 'ip' | 'identity'>): AclCaller => ({
  ip: request.ip,
  isAdministrator: request.identity?.roleId === ADMINISTRATOR_ROLE_ID,
});

export function aclRoutes(acl: AclService) {
  return async (app: FastifyInstance) => {
    for (const list of Object.keys(aclListEndpoints) as AclList[]) {
      const declared = aclListEndpoints[list];
      serve(app, declared.view, async (request) => acl.view(list, request.ip));
      serve(app, declared.add, async (request) => acl.add(list, request.body, callerOf(request)));
      serve(app, declared.edit, async (request) => acl.edit(list, request.body, callerOf(request)));
      serve(app, declared.remove, async (request) => acl.remove(list, request.body, callerOf(request)));
      serve(app, declared.enable, async (request) => acl.setEnabled(list, request.body, callerOf(request)));
    }
  };
}
