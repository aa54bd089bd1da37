/**
 * Writes every mutating API request to the activity log: who, what, when, from where, and how it ended.
 * Written just before the answer leaves (onSend), so whoever gets the answer finds the change logged; a
 * route that stores a change writes the row in the change's own transaction instead (recordWithChange),
 * so that a change is never stored without its row, nor a row written for a change that was not.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/schema.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Requests whose success was recorded with their change: the hook writes only if they failed after all. */
const recordedWithChange = new WeakSet<FastifyRequest>();

function entry(request: FastifyRequest, statusCode: number) {
  const config = request.routeOptions.config;
  const attemptedName = (request.body as { name?: unknown } | undefined)?.name;
  const userName =
    request.identity?.userName ?? (typeof attemptedName === 'string' ? attemptedName.slice(0, 64) : '');
  return {
    user_id: request.identity?.userId ?? null,
    user_name: userName,
    action: config.activity ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
    target: request.url.split('?')[0] ?? '',
    ip: request.ip,
    status_code: statusCode,
    created_at: Date.now(),
  };
}

/**
 * The activity row of a request, in the transaction of the change it makes, with the status of the answer
 * the request gets once that change is stored.
 */
export async function recordWithChange(trx: Db, request: FastifyRequest, statusCode = 200): Promise<void> {
  await trx.insertInto('activity').values(entry(request, statusCode)).execute();
  recordedWithChange.add(request);
}

export function registerActivityRecorder(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return payload;
    // A failure after the change's transaction rolled back (its row with it) is recorded here.
    if (recordedWithChange.has(request) && reply.statusCode < 400) return payload;
    try {
      await db.insertInto('activity').values(entry(request, reply.statusCode)).execute();
    } catch (err) {
      request.log.error({ err }, 'activity not recorded');
    }
    return payload;
  });
}
