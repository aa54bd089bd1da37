/**
 * Runs first on every request: works out who is asking, then refuses the request before any other work
 * when the route declares no permission, the caller lacks it, or a cookie-borne mutation lacks its CSRF token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows } from '@edge/protocol';
import { fail } from '../http/errors.ts';
import { SESSION_COOKIE, type Sessions } from './sessions.ts';
import { sameSecret } from './tokens.ts';

export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A browser always sends Origin on cross-site mutations; one that names another host is refused. */
function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export function registerGuard(app: FastifyInstance, sessions: Sessions): void {
  app.decorateRequest('identity', null);

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    // Unknown URLs reach the not-found handler, which has nothing to protect.
    if (!request.routeOptions.url) return;
    if (!permission) throw fail(500, 'apiRequestError', `route ${request.routeOptions.url} declares no permission`);

    const mutating = !SAFE_METHODS.has(request.method);
    if (mutating && crossSite(request)) throw fail(403, 'csrfRefused');

    const secret = request.cookies[SESSION_COOKIE];
    const session = secret ? await sessions.resolve(secret) : null;
    if (session) {
      request.identity = {
        userId: session.userId,
        userName: session.userName,
        roleId: session.roleId,
        permissions: session.permissions,
        session: { idHash: session.idHash, csrfToken: session.csrfToken },
      };
    }

    if (permission.kind === 'public') return;
    const identity = request.identity;
    if (!identity) throw fail(401, 'notSignedIn');
    if (mutating && identity.session) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameSecret(sent, identity.session.csrfToken)) throw fail(403, 'csrfRefused');
    }
    if (!allows(identity.permissions, permission)) throw fail(403, 'forbidden');
  });
}
