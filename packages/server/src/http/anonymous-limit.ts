/**
 * Requests nobody is signed in for (sign-in attempts, wrong or missing credentials, unknown API addresses)
 * are limited per source (an address, or an IPv6 /64: source.ts), so one client cannot keep the console busy refusing it. Signed-in users
 * are not counted: their work is bounded by what they are allowed to do. Counts live in the database
 * (request-counts.ts), so replicas on one database limit a source together rather than each on its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Db } from '../db/schema.ts';
import { fail } from './errors.ts';
import { sourceOf } from './source.ts';
import { rateLimitStore, requestCounter } from './request-counts.ts';

export type AnonymousLimit = (request: FastifyRequest) => Promise<void>;
const WINDOW_MS = 60_000;

/** `perMinute` 0 turns the limit off. */
export async function anonymousLimit(
  app: FastifyInstance,
  db: Db,
  perMinute: number,
): Promise<AnonymousLimit> {
  if (perMinute <= 0) return async () => undefined;
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(requestCounter(db)),
    // A database that fails a count lets the request on to its own checks rather than refusing everyone.
    skipOnError: true,
  });
  const check = app.createRateLimit({
    max: perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (r) => sourceOf(r.ip),
  });
  return async (request) => {
    const verdict = await check(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      throw fail(429, 'tooManyRequests');
    }
  };
}
