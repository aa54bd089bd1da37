/**
 * The links of the console's own speedtest endpoint: each one is made for one device and one test and
 * holds until the test's deadline (crypto/sealed-grants.ts), so nobody else can use the endpoint to load
 * the console.
 */
import { z } from 'zod';
import type { Secrets } from '../crypto/secrets.ts';
import { sealedGrants } from '../crypto/sealed-grants.ts';

const speedtestGrant = z.object({ deviceId: z.string(), until: z.number() });
export type SpeedtestGrant = z.infer<typeof speedtestGrant>;

export const speedtestTokens = (secrets: Secrets) =>
  sealedGrants(secrets, 'diagnose.speedtest', speedtestGrant);
export type SpeedtestTokens = ReturnType<typeof speedtestTokens>;
