/**
 * Runs on every request (after the access control list gate): works out who is asking, by session cookie
 * or by access token, then refuses the request before any other work when the route declares no
 * permission, the caller lacks it, a token's scopes do not reach it, or a cookie-borne mutation lacks its
 * CSRF token. Token requests carry no cookie, so CSRF does not apply to them.
 */
import type { FastifyInstance } from 'fastify';
import { allows } from '@edge/protocol';
import { fail } from '../http/errors.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { SESSION_COOKIE, type Sessions } from './sessions.ts';
import { sameSecret } from './tokens.ts';
import { bearerSecret, checkTokenScope, type TokenIdentifier } from './bearer.ts';
import type { AnonymousLimit } from '../http/anonymous-limit.ts';

export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerGuard(
  app: FastifyInstance,
  sessions: Sessions,
  identifyToken: TokenIdentifier,
  limitAnonymous: AnonymousLimit = async () => undefined,
): void {
  app.decorateRequest('identity', null);

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    // Unknown URLs reach the not-found handler, which has nothing to protect; probing API addresses counts.
    if (!request.routeOptions.url) {
      if (request.url.startsWith('/api/')) await limitAnonymous(request);
      return;
    }
    if (!permission)
      throw fail(500, 'apiRequestError', `route ${request.routeOptions.url} declares no permission`);

    const mutating = !SAFE_METHODS.has(request.method);
    const token = bearerSecret(request);
    if (token !== undefined) {
      request.identity = token ? await identifyToken(token) : null;
    } else {
      if (mutating && !sameOrigin(request)) throw fail(403, 'csrfRefused');
      const secret = request.cookies[SESSION_COOKIE];
      request.identity = secret ? await sessions.resolve(secret) : null;
    }

    if (!request.identity && request.url.startsWith('/api/')) await limitAnonymous(request);
    if (permission.kind === 'public') return;
    const identity = request.identity;
    if (!identity) throw fail(401, token !== undefined ? 'tokenInvalid' : 'notSignedIn');
    if (mutating && identity.session) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameSecret(sent, identity.session.csrfToken))
        throw fail(403, 'csrfRefused');
    }
    checkTokenScope(identity, request.routeOptions.config.readsOnly ? 'GET' : request.method, permission);
    if (!allows(identity.permissions, permission)) throw fail(403, 'forbidden');
  });
}
