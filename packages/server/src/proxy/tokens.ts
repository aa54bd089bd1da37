/** Jump links: a grant for one user, one device and one port until a time (crypto/sealed-grants.ts). */
import { z } from 'zod';
import type { Secrets } from '../crypto/secrets.ts';
import { sealedGrants } from '../crypto/sealed-grants.ts';

const jumpGrant = z.object({ deviceId: z.string(), userId: z.number(), port: z.number(), until: z.number() });
export type JumpGrant = z.infer<typeof jumpGrant>;

export const jumpTokens = (secrets: Secrets) => sealedGrants(secrets, 'proxy.jump', jumpGrant);
export type JumpTokens = ReturnType<typeof jumpTokens>;
