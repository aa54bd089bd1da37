/** GET/DELETE /api/v1/security/lockouts: who is held back from signing in, and letting them in again. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canManage,
  canView,
  clearLockoutsRequest,
  lockoutListResponse,
  messages,
  okResponse,
} from '@edge/protocol';
import type { LoginThrottle } from '../auth/throttle.ts';

const PATH = '/api/v1/security/lockouts';
const tags = ['security'];

export function lockoutRoutes(throttle: LoginThrottle) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      PATH,
      {
        config: { permission: canView('Security') },
        schema: { tags, response: { 200: lockoutListResponse } },
      },
      async () => ({ list: await throttle.lockouts() }),
    );
    r.delete(
      PATH,
      {
        config: { permission: canManage('Security'), activity: 'security.lockouts.clear' },
        schema: { tags, body: clearLockoutsRequest, response: { 200: okResponse } },
      },
      async (request) => {
        await throttle.clear(request.body);
        return { message: messages.lockoutsCleared };
      },
    );
  };
}
