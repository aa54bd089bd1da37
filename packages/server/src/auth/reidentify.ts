/**
 * Looks again at who is behind a request (token or session cookie), the way the guard does, without counting
 * it as the user's activity: long-lived sockets (live updates, terminals) ask it every so often, so a session
 * that ended elsewhere (another replica, idle expiry, a revoked token) ends them too.
 */
import type { FastifyRequest } from 'fastify';
import type { Identity } from '../http/types.ts';
import type { Sessions } from './sessions.ts';
import type { TokenService } from '../tokens/service.ts';
import { bearerSecret } from './bearer.ts';
import { SESSION_COOKIE } from './sessions.ts';

export type Reidentify = (request: FastifyRequest) => Promise<Identity | null>;

export const reidentifier =
  (sessions: Sessions, tokens: TokenService): Reidentify =>
  async (request) => {
    const token = bearerSecret(request);
    if (token !== undefined) return token ? tokens.identify(token) : null;
    const secret = request.cookies[SESSION_COOKIE];
    return secret ? sessions.resolve(secret, { touch: false }) : null;
  };
