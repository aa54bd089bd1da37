/**
 * The access control list at the door: registered as the first onRequest hook, it refuses requests from
 * addresses not on an enabled list before sessions, routing or anything else is looked at.
 * /healthz stays open: load balancers and orchestrators probe it, and it tells nothing.
 */
import type { FastifyInstance } from 'fastify';
import { fail } from '../http/errors.ts';
import type { AclService } from './service.ts';

export function registerAclGate(app: FastifyInstance, acl: AclService): void {
  app.addHook('onRequest', async (request) => {
    if (request.url === '/healthz') return;
    if (!(await acl.admits(request.ip))) throw fail(403, 'aclRefused');
  });
}
