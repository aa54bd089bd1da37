/**
 * The links of the console's own speedtest endpoint: each one is made for one device and one test and
 * holds until the test's deadline, sealed with the console's key (crypto/secrets.ts), so replicas sharing
 * the key accept each other's links and nobody else can use the endpoint to load the console.
 */
import { z } from 'zod';
import type { Secrets } from '../crypto/secrets.ts';

const PURPOSE = 'diagnose.speedtest';
const sealedGrant = z.object({ deviceId: z.string(), until: z.number() });
export type SpeedtestGrant = z.infer<typeof sealedGrant>;

export function speedtestTokens(secrets: Secrets) {
  return {
    make: (grant: SpeedtestGrant): string => secrets.seal(JSON.stringify(grant), PURPOSE),
    /** The grant of a token still valid at `now`, or undefined. */
    check(token: string, now: number): SpeedtestGrant | undefined {
      try {
        const grant = sealedGrant.parse(JSON.parse(secrets.open(token, PURPOSE)));
        return grant.until >= now ? grant : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
export type SpeedtestTokens = ReturnType<typeof speedtestTokens>;
