/**
 * Personal access tokens: each belongs to the user who made it and acts with that user's permissions,
 * narrowed by its scopes. Only the digest of the secret is kept; the secret is shown once.
 */
import {
  TOKEN_PREFIX,
  tokenExpiry,
  type NewTokenRequest,
  type NewTokenResponse,
  type TokenScope,
  type TokenView,
} from '@edge/protocol';
import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { AccessTokensTable } from '../db/schema-security.ts';
import type { Identity } from '../http/types.ts';
import { fail } from '../http/errors.ts';
import { touchedRow } from '../db/errors.ts';
import { digest, randomSecret } from '../auth/tokens.ts';
import { identityOf } from '../auth/identity.ts';
import { tokenStore } from './store.ts';

/** As with sessions: last-used to the minute spares a write on every request. */
const TOUCH_EVERY_MS = 60_000;

type TokenRow = Selectable<AccessTokensTable>;

export function tokenService(db: Db, now: () => number = Date.now) {
  const store = tokenStore(db);

  const statusOf = (row: { revoked_at: number | null; expires_at: number }): TokenView['status'] =>
    row.revoked_at !== null ? 'revoked' : row.expires_at <= now() ? 'expired' : 'active';
  const present = (row: TokenRow): TokenView => ({
    id: row.id,
    tokenName: row.name,
    scopes: JSON.parse(row.scopes) as TokenScope[],
    endDate: row.end_date,
    created: row.created_at,
    expires: row.expires_at,
    lastUsed: row.last_used_at,
    status: statusOf(row),
  });

  return {
    list: async (userId: number): Promise<TokenView[]> => (await store.listOf(userId)).map(present),

    async create(userId: number, request: NewTokenRequest): Promise<NewTokenResponse> {
      const expires = tokenExpiry(request.endDate);
      if (expires <= now()) throw fail(400, 'tokenEndDatePast');
      const token = TOKEN_PREFIX + randomSecret();
      const row = await store.insert({
        user_id: userId,
        name: request.tokenName.trim(),
        token_hash: digest(token),
        scopes: JSON.stringify(request.scopes),
        end_date: request.endDate,
        created_at: now(),
        expires_at: expires,
      });
      return { ...present(row), token };
    },

    async revoke(userId: number, id: number): Promise<void> {
      touchedRow(await store.revoke(userId, id, now()));
    },

    /** Who a Bearer secret acts as; null when unknown, expired, revoked, or its user is suspended. */
    async identify(secret: string): Promise<Identity | null> {
      if (!secret.startsWith(TOKEN_PREFIX)) return null;
      const row = await store.findWithUser(digest(secret));
      if (!row || row.status !== 1 || statusOf(row) !== 'active') return null;
      const t = now();
      if (row.last_used_at === null || t - row.last_used_at > TOUCH_EVERY_MS)
        await store.touch(row.token_id, t);
      return {
        ...identityOf(row),
        token: { id: row.token_id, scopes: JSON.parse(row.scopes) as TokenScope[] },
      };
    },

    countActive: () => store.countActive(now()),
  };
}
export type TokenService = ReturnType<typeof tokenService>;
