/**
 * Writes every mutating API request to the activity log: who, what, when, from where, and how it ended.
 * A route that stores a change has the row written in the change's own transaction (recordingChange, for
 * every declared mutation), so that a change is never stored without its row, nor a row written for a change
 * that was not; a request that stored nothing gets its row just before the answer leaves (onSend), so whoever
 * gets the answer finds it logged.
 * What a caller controls (URL, attempted name) is cut to a bounded length, and refused requests of
 * callers nobody signed in as are sampled (refusals.ts), so the log cannot be used to fill the disk.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/schema.ts';
import { duringChange, type ChangeScope } from '../db/with-change.ts';
import { refusalSampler } from './refusals.ts';
import { sourceOf } from '../http/source.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const ACTIVITY_LIMITS = { target: 200, action: 128, userName: 64 } as const;

/** The scope of a request that may change something (duringChange): whether its row went with the change. */
const scopes = new WeakMap<FastifyRequest, ChangeScope>();

function attemptedName(request: FastifyRequest): string {
  const name = (request.body as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name.slice(0, ACTIVITY_LIMITS.userName) : '';
}

/** Who acts, and on what, as a route that proves its caller itself says (actingAs). */
interface Actor {
  userName: string;
  action?: string;
  target?: string;
}
const actors = new WeakMap<FastifyRequest, Actor>();

/**
 * Names who a request acts for when it is no console user but the route proved who it is (a chat app's
 * signed callback passing on what one of its users wrote), and what that did: the request's activity row
 * says so. Call it before the change is stored.
 */
export function actingAs(request: FastifyRequest, actor: Actor): void {
  actors.set(request, actor);
}

function entry(request: FastifyRequest, statusCode: number, at: number) {
  const config = request.routeOptions.config;
  const actor = actors.get(request);
  // Only a known route's own body is read: an unknown URL's body is whatever the caller chose to send.
  const userName =
    request.identity?.userName ?? actor?.userName ?? (request.routeOptions.url ? attemptedName(request) : '');
  const path = request.url.split('?')[0] ?? '';
  return {
    user_id: request.identity?.userId ?? null,
    user_name: userName.slice(0, ACTIVITY_LIMITS.userName),
    action: (
      actor?.action ??
      config.activity ??
      `${request.method} ${request.routeOptions.url ?? path}`
    ).slice(0, ACTIVITY_LIMITS.action),
    target: (actor?.target ?? path).slice(0, ACTIVITY_LIMITS.target),
    ip: request.ip,
    status_code: statusCode,
    created_at: at,
  };
}

/** The status a row written with its change says until the answer says otherwise (the answer's, onSend). */
const CHANGE_STATUS = 200;

/**
 * Runs a mutating route's handler so that the first change it stores carries the request's activity row in
 * the same transaction (db/with-change.ts): a change is never stored without its row, nor a row for a change
 * that was not. http/serve.ts runs every declared mutation through it.
 */
export function recordingChange<T>(request: FastifyRequest, handler: () => T): T {
  const { scope, result } = duringChange(
    { table: 'activity', values: () => entry(request, CHANGE_STATUS, Date.now()) },
    handler,
  );
  scopes.set(request, scope);
  return result;
}

/** The change was stored with its row, then the request failed after all: the row says how it ended. */
async function answeredAs(db: Db, id: number, statusCode: number, request: FastifyRequest): Promise<void> {
  try {
    await db.updateTable('activity').set({ status_code: statusCode }).where('id', '=', id).execute();
  } catch (err) {
    request.log.error({ err }, 'activity status not recorded');
  }
}

export function registerActivityRecorder(app: FastifyInstance, db: Db, now: () => number = Date.now): void {
  const refusals = refusalSampler(now);
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    // Outside /api/ only declared changes are logged (SPEC 7 puts the logs' reset there).
    if (SAFE_METHODS.has(request.method) || (!request.url.startsWith('/api/') && !config.activity))
      return payload;
    const scope = scopes.get(request);
    if (scope) {
      const stored = scope.state === 'committed' ? scope.rowId : undefined;
      // Whatever the handler started and goes on with is not this request's change any more.
      scope.state = 'closed';
      if (stored !== undefined) {
        if (reply.statusCode !== CHANGE_STATUS) await answeredAs(db, stored, reply.statusCode, request);
        return payload;
      }
    }
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
