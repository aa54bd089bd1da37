/** GET /healthz: 200 once the console is ready (store reachable), 503 otherwise. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { publicRoute } from '@edge/protocol';
import type { Db } from '../db/schema.ts';

export function healthRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.get(
      '/healthz',
      { config: { permission: publicRoute }, schema: { hide: true } },
      async (_request, reply) => {
        try {
          await sql`select 1`.execute(db);
          return { status: 'ok' };
        } catch {
          return reply.status(503).send({ status: 'unavailable' });
        }
      },
    );
  };
}
