/**
 * Every route the console serves, with the permission it declares: read by the test that proves no
 * route goes undeclared, and by anyone auditing what each permission opens.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RoutePermission } from '@edge/protocol';

export interface RouteEntry {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  /** The endpoint declaration it serves (http/serve.ts); unset for routes of plugins (API docs). */
  endpoint: string | undefined;
  /** Set on routes of third-party plugins (http/public-scope.ts). */
  thirdParty: boolean;
}

/** Must run before any route is added. The table is read later, once hooks that fill in config have run. */
export function collectRoutes(app: FastifyInstance): () => RouteEntry[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  return () =>
    routes.flatMap((route) =>
      [route.method].flat().map((method) => ({
        method,
        url: route.url,
        permission: route.config?.permission,
        endpoint: route.config?.endpoint,
        thirdParty: route.config?.thirdParty === true,
      })),
    );
}
