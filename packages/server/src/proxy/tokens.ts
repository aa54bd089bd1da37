/**
 * Jump links and what stands for them on the link's own host, each a grant sealed under a purpose of its own
 * (crypto/sealed-grants.ts), so none can be passed off as another:
 * - the link (`/api/v1/proxy/enter/<link>` on the console's origin): for one user, one device and one port
 *   until a time; harmless without that user's console session;
 * - the pass: what the console's origin hands the link's host in a redirect, once it has seen the link's
 *   user; valid seconds, taken once;
 * - the cookie the link's host sets from the pass: what its requests carry from then on.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Secrets } from '../crypto/secrets.ts';
import { sealedGrants } from '../crypto/sealed-grants.ts';

const jumpGrant = z.object({
  /** The link's id: its host is `j-<link>.<jump domain>`. */
  link: z.string(),
  deviceId: z.string(),
  userId: z.number(),
  port: z.number(),
  until: z.number(),
});
export type JumpGrant = z.infer<typeof jumpGrant>;
const passGrant = jumpGrant.extend({ nonce: z.string(), linkUntil: z.number() });
export type JumpPass = z.infer<typeof passGrant>;

/** How long the redirect from the console's origin to the link's host may take. */
export const PASS_TTL_MS = 30_000;

export const jumpTokens = (secrets: Secrets) => ({
  link: sealedGrants(secrets, 'proxy.jump', jumpGrant),
  pass: sealedGrants(secrets, 'proxy.jump.pass', passGrant),
  cookie: sealedGrants(secrets, 'proxy.jump.cookie', jumpGrant),
});
export type JumpTokens = ReturnType<typeof jumpTokens>;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 130 random bits in 26 lowercase base32 characters: a DNS label has no case. */
export function newLinkId(): string {
  const bytes = randomBytes(26);
  let id = '';
  for (const byte of bytes) id += BASE32[byte & 31];
  return id;
}
