/**
 * WebAuthn security keys: registered under a name by a signed-in user, then usable to sign in without a
 * password. Each ceremony's challenge is stored server-side, expires after CHALLENGE_MS and is used once.
 * User verification (PIN or biometric) is required, so a key alone, found or stolen, does not sign in.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { createHmac, randomBytes } from 'node:crypto';
import type { WebauthnKeyView } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { touchedRow, unlessDuplicate } from '../db/errors.ts';
import { fail } from '../http/errors.ts';
import type { AuthService, SignInFrom } from '../auth/service.ts';
import type { RelyingParty } from './relying-party.ts';
import { webauthnStore } from './store.ts';

const CHALLENGE_MS = 5 * 60_000;
/** Keys the per-name stand-in credential, so it stays the same for a name while the console runs. */
const STAND_IN_KEY = randomBytes(32);

/**
 * The public options call must not tell who has an account or keys: a name without keys (unknown or not)
 * gets one stand-in credential, derived from the name, shaped like a real one.
 */
const standIn = (name: string) => ({
  id: isoBase64URL.fromBuffer(createHmac('sha256', STAND_IN_KEY).update(name.toLowerCase()).digest()),
  transports: ['usb', 'nfc'],
});
type Purpose = 'register' | 'login';

/** The user handle a key stores for its user: stable, and no personal data. */
const userHandle = (userId: number) => isoUint8Array.fromUTF8String(`edge-user-${userId}`);

export function webauthnService(
  db: Db,
  deps: { auth: AuthService; platformName: () => Promise<string> },
  now: () => number = Date.now,
) {
  const store = webauthnStore(db);
  const present = (row: {
    id: string;
    name: string;
    created_at: number;
    last_used_at: number | null;
  }): WebauthnKeyView => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  });
  const descriptors = async (userId: number) =>
    (await store.listOf(userId)).map((k) => ({ id: k.id, transports: JSON.parse(k.transports) as string[] }));

  const remember = (challenge: string, purpose: Purpose, userId: number | null) =>
    store.addChallenge({ challenge, purpose, user_id: userId, expires_at: now() + CHALLENGE_MS }, now());

  /** The stored challenge the browser's answer names; refused when unknown, used, expired or someone else's. */
  async function takeChallenge(
    clientDataJSON: string,
    purpose: Purpose,
    userId: number | null,
  ): Promise<string> {
    let challenge: string;
    try {
      challenge = decodeClientDataJSON(clientDataJSON).challenge;
    } catch {
      throw fail(400, 'missingWebauthn');
    }
    const row = await store.takeChallenge(challenge, purpose);
    if (!row || row.expires_at < now() || row.user_id !== userId) throw fail(400, 'webauthnFailed');
    return challenge;
  }

  /** The library throws on a malformed answer and returns verified: false on a wrong one; both are a refusal. */
  async function verified<T extends { verified: boolean }>(check: Promise<T>): Promise<T> {
    const result = await check.catch(() => null);
    if (!result?.verified) throw fail(400, 'webauthnFailed');
    return result;
  }

  return {
    list: async (userId: number): Promise<WebauthnKeyView[]> => (await store.listOf(userId)).map(present),

    async registrationOptions(user: { id: number; name: string }, keyName: string, rp: RelyingParty) {
      if ((await store.listOf(user.id)).some((k) => k.name === keyName)) throw fail(409, 'webauthnNameTaken');
      const options = await generateRegistrationOptions({
        rpName: await deps.platformName(),
        rpID: rp.rpID,
        userName: user.name,
        userID: userHandle(user.id),
        attestationType: 'none',
        excludeCredentials: await descriptors(user.id),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      });
      await remember(options.challenge, 'register', user.id);
      return options;
    },

    async register(
      userId: number,
      keyName: string,
      data: RegistrationResponseJSON,
      rp: RelyingParty,
    ): Promise<WebauthnKeyView> {
      const challenge = await takeChallenge(data.response.clientDataJSON, 'register', userId);
      const { registrationInfo } = await verified(
        verifyRegistrationResponse({
          response: data,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: true,
        }),
      );
      // Present whenever verified is true.
      const { credential } = registrationInfo!;
      const row = {
        id: credential.id,
        user_id: userId,
        name: keyName,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? data.response.transports ?? []),
        created_at: now(),
      };
      await unlessDuplicate(store.insert(row), 'webauthnNameTaken');
      return present({ ...row, last_used_at: null });
    },

    async rename(userId: number, id: string, name: string): Promise<void> {
      touchedRow(await unlessDuplicate(store.rename(userId, id, name), 'webauthnNameTaken'));
    },
    async remove(userId: number, id: string): Promise<void> {
      touchedRow(await store.remove(userId, id));
    },

    /** With a user name the browser is pointed at that user's keys; without, it offers any key it holds for us. */
    async loginOptions(name: string | undefined, rp: RelyingParty) {
      const userId = name ? await store.userIdNamed(name) : undefined;
      const keys = userId === undefined ? [] : await descriptors(userId);
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        userVerification: 'required',
        allowCredentials: name && keys.length === 0 ? [standIn(name)] : keys,
      });
      await remember(options.challenge, 'login', null);
      return options;
    },

    async signIn(data: AuthenticationResponseJSON, rp: RelyingParty, from: SignInFrom) {
      const key = await store.find(data.id);
      const challenge = await takeChallenge(data.response.clientDataJSON, 'login', null);
      if (!key) throw fail(400, 'webauthnFailed');
      const sentHandle = data.response.userHandle;
      if (sentHandle && sentHandle !== isoBase64URL.fromBuffer(userHandle(key.user_id)))
        throw fail(400, 'webauthnFailed');
      const { authenticationInfo } = await verified(
        verifyAuthenticationResponse({
          response: data,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: { id: key.id, publicKey: isoBase64URL.toBuffer(key.public_key), counter: key.counter },
          requireUserVerification: true,
        }),
      );
      await store.recordUse(key.id, authenticationInfo.newCounter, now());
      return deps.auth.signInVerified(key.user_id, from);
    },
  };
}
export type WebauthnService = ReturnType<typeof webauthnService>;
