/**
 * Token buckets by key (a source address, or one key for everything): `perSecond` sustained, `burst` at
 * once. Kept in memory and cheap: they are asked on every enrolment request of a fleet of 10,000.
 */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** Keys held at most; past it, buckets that have refilled (idle sources) are dropped. */
const MAX_KEYS = 10_000;

export function rateLimiter(limit: RateLimit, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();

  const level = (bucket: { tokens: number; at: number }, t: number) =>
    Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 1000) * limit.perSecond);

  function forgetIdle(t: number): void {
    for (const [key, bucket] of buckets) if (level(bucket, t) >= limit.burst) buckets.delete(key);
  }

  return {
    /** Takes one token of `key`'s bucket; false when it is empty (the caller refuses). */
    take(key = ''): boolean {
      if (limit.perSecond <= 0) return true;
      const t = now();
      const bucket = buckets.get(key);
      const tokens = bucket ? level(bucket, t) : limit.burst;
      if (tokens < 1) return false;
      if (!bucket && buckets.size >= MAX_KEYS) forgetIdle(t);
      buckets.set(key, { tokens: tokens - 1, at: t });
      return true;
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
