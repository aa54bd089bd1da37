/**
 * Personal API access tokens (SPEC 2, 3, 5): name, end date, scopes. The secret is shown once, when
 * created; the server keeps only its digest. `Authorization: Bearer <token>` acts as the token's owner
 * within the token's scopes.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import type { RoutePermission } from './permissions.ts';
import { calendarDate, requiredField, tokenNameRule } from './validation.ts';

export const tokenScopes = ['api', 'read_api', 'read_user'] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** Every token secret starts with this, so leaked ones are easy to recognise (secret scanners, logs). */
export const TOKEN_PREFIX = 'edge_pat_';

export const newTokenRequest = z.object({
  tokenName: requiredField(tokenNameRule),
  /** YYYY-MM-DD (SPEC 9 date format); the token works until the end of that day, UTC. */
  endDate: calendarDate(messages.tokenEndDateRequired),
  scopes: z
    .array(z.enum(tokenScopes, { error: messages.tokenScopeRequired }), {
      error: messages.tokenScopeRequired,
    })
    .min(1, messages.tokenScopeRequired)
    .transform((s) => [...new Set(s)]),
});
export type NewTokenRequest = z.infer<typeof newTokenRequest>;

export const tokenIdRequest = z.object({ id: z.number().int().positive() });

export const tokenView = z.object({
  id: z.number(),
  tokenName: z.string(),
  scopes: z.array(z.enum(tokenScopes)),
  endDate: z.string(),
  /** Epoch ms. */
  created: z.number(),
  expires: z.number(),
  /** null shows as Never. */
  lastUsed: z.number().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type TokenView = z.infer<typeof tokenView>;
export const tokenListResponse = z.object({ list: z.array(tokenView) });
/** Only this answer ever carries the secret. */
export const newTokenResponse = tokenView.extend({ token: z.string() });
export type NewTokenResponse = z.infer<typeof newTokenResponse>;

/** The last millisecond of the end date, UTC. */
export const tokenExpiry = (endDate: string): number => Date.parse(`${endDate}T23:59:59.999Z`);

const READS = new Set(['GET', 'HEAD']);
/**
 * What a token's scopes let it reach, on top of its owner's permissions:
 * api everything; read_api reads only (GET); read_user reads only the owner's own account (user routes).
 */
export function tokenScopeAllows(
  scopes: readonly TokenScope[],
  method: string,
  need: RoutePermission,
): boolean {
  if (scopes.includes('api')) return true;
  if (!READS.has(method)) return false;
  if (scopes.includes('read_api')) return true;
  return scopes.includes('read_user') && need.kind !== 'app';
}
