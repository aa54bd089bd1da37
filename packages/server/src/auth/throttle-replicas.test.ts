/**
 * Sign-in throttling across replicas (issue 13): two consoles on one PostgreSQL database count failed
 * sign-ins together (the counters live in login_failures, not in either process), so a guesser cannot
 * double the allowance by alternating between them, and a lock-out cleared on one is cleared on both.
 * PostgreSQL only: SQLite is the single-replica store.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_PASSWORD, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import { THROTTLE } from './throttle.ts';

const GUESSER = '198.51.100.23';
const OPERATOR = '203.0.113.40';

describe.skipIf(process.env.SKIP_POSTGRES)('sign-in throttling on two consoles, one database', () => {
  let a: TestConsole;
  let b: TestConsole;
  let adminOnA: Caller;

  const login = (edge: TestConsole, password: string) =>
    edge.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: GUESSER,
      payload: { name: 'admin', password },
    });

  beforeAll(async () => {
    a = await startTestConsole('postgres');
    // B on A's database (the harness makes no database of its own for 'sqlite'; the URL decides).
    b = await startTestConsole('sqlite', { databaseUrl: a.config.databaseUrl });
    // Signed in before the guessing starts: the account is then briefly delayed from everywhere.
    adminOnA = caller(a, await signIn(a, 'admin', ADMIN_PASSWORD, OPERATOR));
  }, 60_000);

  afterAll(async () => {
    await b?.destroy();
    await a?.destroy();
  });

  test('failures on either console count together; a lock-out cleared on one lets the user in on the other', async () => {
    // Alternating between the two: each sees fewer than the limit, together they reach it.
    for (let i = 0; i < THROTTLE.perPair; i++)
      expect((await login(i % 2 === 0 ? a : b, 'Wrong-pass-1')).statusCode).toBe(401);
    for (const edge of [a, b]) {
      const refused = await login(edge, ADMIN_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ err_code: 'loginThrottled' });
    }
    // B lists what A counted.
    const onB = caller(b, await signIn(b, 'admin', ADMIN_PASSWORD, OPERATOR).catch(() => retryAfterDelay()));
    const listed = (await onB('GET', '/api/v1/security/lockouts')).json<{ list: { ip: string | null }[] }>();
    expect(listed.list.some((l) => l.ip === GUESSER)).toBe(true);

    expect((await adminOnA('DELETE', '/api/v1/security/lockouts', {})).statusCode).toBe(200);
    expect((await login(b, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  test('failures at the same moment on both consoles all count (one statement per counter, no lost update)', async () => {
    const name = 'parallel-target';
    const from = '198.51.100.99';
    const guesses = 2 * THROTTLE.perPair;
    // All start before any is recorded, so none is refused: every one of them must reach the count.
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, i) =>
        (i % 2 ? b : a).app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: from,
          payload: { name, password: `Wrong-pass-${i}` },
        }),
      ),
    );
    const refusedEarly = answers.filter((r) => r.statusCode === 429).length;
    const counted = await a.store.db
      .selectFrom('login_failures')
      .select(['key', 'count'])
      .where('key', 'in', [`pair:${from}|${name}`, `ip:${from}`, `account:${name}`])
      .execute();
    expect(counted).toHaveLength(3);
    for (const row of counted) expect(row.count, row.key).toBe(guesses - refusedEarly);
  });

  /** The account's own short delay (THROTTLE.firstDelayMs after the fifth failure) may still run. */
  async function retryAfterDelay() {
    await new Promise((r) => setTimeout(r, THROTTLE.firstDelayMs + 200));
    return signIn(b, 'admin', ADMIN_PASSWORD, OPERATOR);
  }
});
