/** What every route declares and what every request carries once the guard has looked at it. */
import type { HostService } from './front-door.ts';
import type { AccountType, PermissionSet, RoutePermission, TokenScope } from '@edge/protocol';

export interface Identity {
  userId: number;
  userName: string;
  roleId: number;
  accountType: AccountType;
  /** What the user may do: their role's grants, narrowed for Container accounts. */
  permissions: PermissionSet;
  /** Set when the request came with the session cookie; CSRF applies only then. */
  session?: { idHash: string; csrfToken: string };
  /** Set when the request came with `Authorization: Bearer`; its scopes narrow what it may reach. */
  token?: { id: number; scopes: TokenScope[] };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The id of the endpoint declaration the route serves (http/serve.ts), e.g. `inventory.list`. */
    endpoint?: string;
    /** A route of a third-party plugin (static files, API docs): it serves no endpoint declaration. */
    thirdParty?: boolean;
    /** Required on every route; the guard refuses routes that have none. */
    permission?: RoutePermission;
    /** Written to the activity log for mutating requests, e.g. 'account.password'. */
    activity?: string;
    /**
     * A POST that only reads (SPEC 7 puts some queries' parameters in a body, e.g. dashboards/get): a
     * read_api token may call it as it may call a GET.
     */
    readsOnly?: boolean;
    /**
     * Log this route's 401s to anonymous callers every time rather than once per source and window
     * (activity/refusals.ts): only for a route that bounds them itself, as the sign-in throttle does.
     */
    logsEveryRefusal?: boolean;
  }
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyInstance {
    /** Serves a host that is not the console's before the console sees its requests (http/front-door.ts). */
    serveHost(service: HostService): void;
  }
}
