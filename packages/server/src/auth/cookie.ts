/** Hands a new session to the browser, the same way for every kind of sign-in. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages, type LoginResponse } from '@edge/protocol';
import { SESSION_COOKIE } from './sessions.ts';
import type { SignInFrom } from './service.ts';

export function signInFrom(request: FastifyRequest): SignInFrom {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    previousSecret: request.cookies[SESSION_COOKIE],
  };
}

export function startBrowserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { secret: string; csrfToken: string },
): LoginResponse {
  // The request arrived as whoever the old cookie named; the activity log should not credit them.
  request.identity = null;
  reply.setCookie(SESSION_COOKIE, session.secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    // Reached over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto): never send it in clear.
    secure: request.protocol === 'https',
  });
  return { message: messages.loginSuccess, csrfToken: session.csrfToken };
}
