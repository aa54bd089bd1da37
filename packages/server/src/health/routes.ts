/** GET /healthz: 200 once the console is ready (store reachable), 503 otherwise. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { Db } from '../db/schema.ts';

export function healthRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    serve(app, endpoints.health.ready, async (_request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' });
      }
    });
  };
}
