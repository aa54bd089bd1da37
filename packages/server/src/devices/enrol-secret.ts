/**
 * The organisation's enrolment secret (issue 13): agents present it with their enrolment request, so a
 * serial read off a device label is not enough to enrol. Kept sealed for administrators to read and as a
 * digest to check agents: one SHA-256 and a constant-time compare per request, never a password hash (a
 * fleet of 10,000 enrols in batches). Rotating replaces it at once for new enrolments; devices already
 * waiting or adopted keep their place (their enrolment key is their proof from then on).
 */
import { randomBytes } from 'node:crypto';
import { ENROL_SECRET_PATTERN } from '@edge/protocol';
import { digest, sameSecret } from '../auth/tokens.ts';
import type { Secrets } from '../crypto/secrets.ts';
import type { Db } from '../db/schema.ts';

const PURPOSE = 'enrolment.secret';
const ROW_ID = 1;
/** Another replica may rotate: the digest read from the database is trusted this long. */
const CACHE_MS = 5000;

const newSecret = (): string => randomBytes(32).toString('base64url');

export function enrolSecretStore(db: Db, secrets: Secrets) {
  let cached: { hash: string; until: number } | null = null;

  const row = () => db.selectFrom('enrolment_secret').selectAll().where('id', '=', ROW_ID).executeTakeFirst();

  async function currentHash(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.hash;
    const found = await row();
    cached = { hash: found?.secret_hash ?? '', until: Date.now() + CACHE_MS };
    return cached.hash;
  }

  const store = {
    /**
     * At start: makes the secret if there is none yet, the one named by ENROL_SECRET or a random one.
     * An existing secret is kept (a rotation survives restarts); two replicas starting together agree.
     */
    async ensure(seed?: string): Promise<void> {
      if (seed !== undefined && !ENROL_SECRET_PATTERN.test(seed))
        throw new Error('ENROL_SECRET must be 16 to 128 letters, digits, _ or -');
      const secret = seed ?? newSecret();
      await db
        .insertInto('enrolment_secret')
        .values({
          id: ROW_ID,
          secret_sealed: secrets.seal(secret, PURPOSE),
          secret_hash: digest(secret),
          rotated_at: Date.now(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      cached = null;
    },

    async current(): Promise<{ secret: string; rotatedAt: number }> {
      const found = await row();
      if (!found) throw new Error('no enrolment secret: ensure() was not called');
      return { secret: secrets.open(found.secret_sealed, PURPOSE), rotatedAt: found.rotated_at };
    },

    /** A new secret; the old one stops working for new enrolments (after CACHE_MS on other replicas). */
    async rotate(): Promise<{ secret: string; rotatedAt: number }> {
      const secret = newSecret();
      const rotatedAt = Date.now();
      const hash = digest(secret);
      await db
        .updateTable('enrolment_secret')
        .set({ secret_sealed: secrets.seal(secret, PURPOSE), secret_hash: hash, rotated_at: rotatedAt })
        .where('id', '=', ROW_ID)
        .execute();
      cached = { hash, until: Date.now() + CACHE_MS };
      return { secret, rotatedAt };
    },

    /** A check for one batch of requests: true when the offered secret is the organisation's. */
    async checker(): Promise<(offered: string | undefined) => boolean> {
      const hash = await currentHash();
      return (offered) => offered !== undefined && hash !== '' && sameSecret(digest(offered), hash);
    },
  };
  return store;
}

export type EnrolSecretStore = ReturnType<typeof enrolSecretStore>;
