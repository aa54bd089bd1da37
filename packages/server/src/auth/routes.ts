/** POST /api/v1/auth/login and /logout. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse, okResponse, publicRoute, userRoute } from '@edge/protocol';
import type { AuthService } from './service.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { signInFrom, startBrowserSession } from './cookie.ts';

export function authRoutes(auth: AuthService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/v1/auth/login',
      {
        // Wrong passwords are bounded by the throttle (20 per address per window), so each one is logged.
        config: { permission: publicRoute, activity: 'auth.login', logsEveryRefusal: true },
        schema: { tags: ['auth'], body: loginRequest, response: { 200: loginResponse } },
      },
      async (request, reply) => {
        const session = await auth.signIn(request.body.name, request.body.password, signInFrom(request));
        return startBrowserSession(request, reply, session);
      },
    );
    r.post(
      '/api/v1/auth/logout',
      // A signed-in user's route, so the guard asks a cookie session for its CSRF token like any mutation.
      {
        config: { permission: userRoute, activity: 'auth.logout' },
        schema: { tags: ['auth'], response: { 200: okResponse } },
      },
      async (request, reply) => {
        if (request.identity?.session) await auth.signOut(request.identity.session.idHash);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { message: 'ok' };
      },
    );
  };
}
