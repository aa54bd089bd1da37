/**
 * GET /healthz: 200 `{status: 'ok'}` once the console is ready (store reachable). While the database cannot be
 * answered the console still runs (devices stay connected, reads it holds in memory answer, writes are refused
 * with databaseUnavailable): 503 `{status: 'degraded', database: 'unreachable'}`, so a probe tells an outage of
 * the database from a console that is gone. It says nothing more: the route is public.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { publicRoute } from '@edge/protocol';
import type { Db } from '../db/schema.ts';

/** A database that does not answer within this long counts as unreachable: a probe must not hang with it. */
const PROBE_TIMEOUT_MS = 2_000;

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>(
    (resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)),
  );
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.get(
      '/healthz',
      { config: { permission: publicRoute }, schema: { hide: true } },
      async (_request, reply) => {
        if (await databaseAnswers(db)) return { status: 'ok' };
        return reply.status(503).send({ status: 'degraded', database: 'unreachable' });
      },
    );
  };
}
