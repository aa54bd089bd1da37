/** GET/DELETE /api/v1/security/lockouts: who is held back from signing in, and letting them in again. */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { LoginThrottle } from '../auth/throttle.ts';

const { security: declared } = endpoints;

export function lockoutRoutes(throttle: LoginThrottle) {
  return async (app: FastifyInstance) => {
    serve(app, declared.lockouts, async () => ({ list: await throttle.lockouts() }));
    serve(app, declared.clearLockouts, async (request) => {
      await throttle.clear(request.body);
      return { message: messages.lockoutsCleared };
    });
  };
}
