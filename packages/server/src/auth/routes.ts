/** POST /api/v1/auth/login and /logout. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { AuthService } from './service.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { signInFrom, startBrowserSession } from './cookie.ts';

const { auth: declared } = endpoints;

export function authRoutes(auth: AuthService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.login, async (request, reply) => {
      const session = await auth.signIn(request.body.name, request.body.password, signInFrom(request));
      return startBrowserSession(request, reply, session);
    });
    serve(app, declared.logout, async (request, reply) => {
      if (request.identity?.session) await auth.signOut(request.identity.session.idHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'ok' };
    });
  };
}
