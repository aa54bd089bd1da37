/** What every route declares and what every request carries once the guard has looked at it. */
import type { PermissionSet, RoutePermission } from '@edge/protocol';

export interface Identity {
  userId: number;
  userName: string;
  roleId: number;
  permissions: PermissionSet;
  /** Set when the request came with the session cookie; CSRF applies only then. */
  session?: { idHash: string; csrfToken: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route; the guard refuses routes that have none. */
    permission?: RoutePermission;
    /** Written to the activity log for mutating requests, e.g. 'account.password'. */
    activity?: string;
  }
  interface FastifyRequest {
    identity: Identity | null;
  }
}
