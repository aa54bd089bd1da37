/**
 * Writes every mutating API request to the activity log: who, what, when, from where, and how it ended.
 * Written just before the answer leaves (onSend), so whoever gets the answer finds the change logged; a
 * route that stores a change writes the row in the change's own transaction instead (recordWithChange),
 * so that a change is never stored without its row, nor a row written for a change that was not.
 * What a caller controls (URL, attempted name) is cut to a bounded length, and refused requests of
 * callers nobody signed in as are sampled (refusals.ts), so the log cannot be used to fill the disk.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/schema.ts';
import { refusalSampler } from './refusals.ts';
import { sourceOf } from '../http/source.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const ACTIVITY_LIMITS = { target: 200, action: 128, userName: 64 } as const;

/** Requests whose success was recorded with their change: the hook writes only if they failed after all. */
const recordedWithChange = new WeakSet<FastifyRequest>();

function attemptedName(request: FastifyRequest): string {
  const name = (request.body as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name.slice(0, ACTIVITY_LIMITS.userName) : '';
}

function entry(request: FastifyRequest, statusCode: number, at: number) {
  const config = request.routeOptions.config;
  // Only a known route's own body is read: an unknown URL's body is whatever the caller chose to send.
  const userName = request.identity?.userName ?? (request.routeOptions.url ? attemptedName(request) : '');
  const path = request.url.split('?')[0] ?? '';
  return {
    user_id: request.identity?.userId ?? null,
    user_name: userName,
    action: (config.activity ?? `${request.method} ${request.routeOptions.url ?? path}`).slice(
      0,
      ACTIVITY_LIMITS.action,
    ),
    target: path.slice(0, ACTIVITY_LIMITS.target),
    ip: request.ip,
    status_code: statusCode,
    created_at: at,
  };
}

/**
 * The activity row of a request, in the transaction of the change it makes, with the status of the answer
 * the request gets once that change is stored.
 */
export async function recordWithChange(trx: Db, request: FastifyRequest, statusCode = 200): Promise<void> {
  await trx
    .insertInto('activity')
    .values(entry(request, statusCode, Date.now()))
    .execute();
  recordedWithChange.add(request);
}

/** The request's activity row as what a store writes along with the change (db/transaction.ts, changeWith). */
export const activityAlongWith =
  (request: FastifyRequest) =>
  (trx: Db): Promise<void> =>
    recordWithChange(trx, request);

export function registerActivityRecorder(app: FastifyInstance, db: Db, now: () => number = Date.now): void {
  const refusals = refusalSampler(now);
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return payload;
    // A failure after the change's transaction rolled back (its row with it) is recorded here.
    if (recordedWithChange.has(request) && reply.statusCode < 400) return payload;
    const config = request.routeOptions.config;
    // A route's own 401 (a wrong password) may be logged every time; its 400s and 429s are the caller's to repeat.
    const everyTime = config.logsEveryRefusal === true && reply.statusCode === 401;
    const sampled = !request.identity && reply.statusCode >= 400 && !everyTime;
    if (sampled && !refusals.admit(sourceOf(request.ip))) return payload;
    try {
      await db
        .insertInto('activity')
        .values(entry(request, reply.statusCode, now()))
        .execute();
    } catch (err) {
      request.log.error({ err }, 'activity not recorded');
    }
    return payload;
  });
}
