/** `Authorization: Bearer <token>`: which token a request carries, and whether its scopes reach the route. */
import type { FastifyRequest } from 'fastify';
import { tokenScopeAllows, type RoutePermission } from '@edge/protocol';
import type { Identity } from '../http/types.ts';
import { fail } from '../http/errors.ts';

/** Looks a token secret up; null when unknown, expired, revoked, or its user is suspended. */
export type TokenIdentifier = (secret: string) => Promise<Identity | null>;

/** The secret after "Bearer ", '' for a malformed Bearer header, undefined when there is none. */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header || !/^bearer\s/i.test(header)) return undefined;
  return header.slice(7).trim();
}

export function checkTokenScope(identity: Identity, method: string, need: RoutePermission): void {
  if (identity.token && !tokenScopeAllows(identity.token.scopes, method, need))
    throw fail(403, 'tokenScopeDenied');
}
