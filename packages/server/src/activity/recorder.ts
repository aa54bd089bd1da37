/**
 * Writes every mutating API request to the activity log: who, what, when, from where, and how it ended.
 * Written just before the answer leaves (onSend), so whoever gets the answer finds the change logged.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/schema.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerActivityRecorder(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return payload;
    const config = request.routeOptions.config;
    const attemptedName = (request.body as { name?: unknown } | undefined)?.name;
    const userName = request.identity?.userName ?? (typeof attemptedName === 'string' ? attemptedName.slice(0, 64) : '');
    try {
      await db
        .insertInto('activity')
        .values({
          user_id: request.identity?.userId ?? null,
          user_name: userName,
          action: config.activity ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
          target: request.url.split('?')[0] ?? '',
          ip: request.ip,
          status_code: reply.statusCode,
          created_at: Date.now(),
        })
        .execute();
    } catch (err) {
      request.log.error({ err }, 'activity not recorded');
    }
    return payload;
  });
}
