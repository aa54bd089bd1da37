/**
 * Request counters in the console's database, so that every replica on one database counts a source as one
 * (issue 13: a limit kept in each process let a client multiply it by the number of replicas behind the load
 * balancer). Fixed windows: one row per key and window, raised by one upsert per request. A key found over
 * its limit is remembered in the process until its window ends, so a flood from one source costs the
 * database nothing more once it is refused. Rows of past windows are deleted by the first request of each
 * new window a process sees (one delete per replica per window, idempotent).
 */
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

export interface WindowCount {
  /** Requests of the key in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** How many refused keys one process remembers (a spoofed-address flood must not grow memory). */
const REMEMBERED_REFUSALS = 10_000;

export function requestCounter(db: Db, now: () => number = Date.now) {
  /** key -> the window it was refused in, and its count then. */
  const refused = new Map<string, { windowStart: number; current: number }>();
  let sweptBefore = 0;

  async function sweep(windowStart: number) {
    if (windowStart <= sweptBefore) return;
    sweptBefore = windowStart;
    await db.deleteFrom('request_counts').where('window_start', '<', windowStart).execute();
    for (const [key, r] of refused) if (r.windowStart < windowStart) refused.delete(key);
  }

  return {
    /** Counts one request of `key` in the current window of `windowMs`. */
    async hit(key: string, windowMs: number, max: number): Promise<WindowCount> {
      const t = now();
      const windowStart = t - (t % windowMs);
      const ttl = windowStart + windowMs - t;
      const known = refused.get(key);
      if (known && known.windowStart === windowStart) {
        known.current += 1;
        return { current: known.current, ttl };
      }
      if (windowStart > sweptBefore) await sweep(windowStart);
      const row = await db
        .insertInto('request_counts')
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((oc) =>
          oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`request_counts.count + 1` }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      const current = Number(row.count);
      if (current > max) {
        if (refused.size >= REMEMBERED_REFUSALS) refused.delete(refused.keys().next().value!);
        refused.set(key, { windowStart, current });
      }
      return { current, ttl };
    },
  };
}
export type RequestCounter = ReturnType<typeof requestCounter>;

type Done = (err: Error | null, result?: WindowCount) => void;

/**
 * The counter as a @fastify/rate-limit store (its `store` option takes a class it constructs itself, and
 * `child` per createRateLimit call); all of them share the one counter.
 */
export function rateLimitStore(counter: RequestCounter) {
  return class DatabaseRateLimitStore {
    incr(key: string, done: Done, timeWindow: number, max: number) {
      counter.hit(key, timeWindow, max).then(
        (count) => done(null, count),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child() {
      return new DatabaseRateLimitStore();
    }
  };
}
