/**
 * Links that are their own grant (a speedtest link, a jump link): what they allow and until when, sealed
 * with the console's key (secrets.ts) under a purpose, so replicas sharing the key accept each other's and
 * nobody can forge, widen or reuse one for another purpose.
 */
import { z } from 'zod';
import type { Secrets } from './secrets.ts';

export function sealedGrants<S extends z.ZodType<{ until: number }>>(
  secrets: Secrets,
  purpose: string,
  schema: S,
) {
  return {
    make: (grant: z.infer<S>): string => secrets.seal(JSON.stringify(grant), purpose),
    /** The grant of a token still valid at `now`, or undefined. */
    check(token: string, now: number): z.infer<S> | undefined {
      try {
        const grant = schema.parse(JSON.parse(secrets.open(token, purpose))) as z.infer<S>;
        return grant.until >= now ? grant : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
