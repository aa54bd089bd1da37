/**
 * Sign-in hardening (issue 13): throttling per account and source together, TRUST_PROXY, clearing a
 * lock-out, a dummy hash for unknown names, WebAuthn options that do not tell who exists, Secure cookie and
 * HSTS over HTTPS, CSRF on logout, and a store only the console's user can read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canView, messages } from '@edge/protocol';
import { ADMIN_PASSWORD, DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { THROTTLE } from './throttle.ts';
import { HSTS } from '../http/security.ts';

const LOCKOUTS = '/api/v1/security/lockouts';
const INFO = '/api/v1/settings/account/getAccountInfo';

describe.each(DIALECTS)('sign-in hardening (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  const login = (ip: string, name: string, password: string, headers: Record<string, string> = {}) =>
    edge.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: ip,
      payload: { name, password },
      headers,
    });
  const forget = () => edge.store.db.deleteFrom('login_failures').execute();
  /** Moves every counter's clock back, as if `ms` had passed. */
  const later = async (ms: number) => {
    for (const row of await edge.store.db.selectFrom('login_failures').selectAll().execute())
      await edge.store.db
        .updateTable('login_failures')
        .set({ window_start: row.window_start - ms })
        .where('key', '=', row.key)
        .execute();
  };

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => edge?.destroy());

  it('locks the guessing address out, and only delays the account briefly from elsewhere', async () => {
    await forget();
    for (let i = 0; i < THROTTLE.perPair; i++)
      expect((await login('10.5.0.1', 'admin', `wrong-${i}-pass`)).statusCode).toBe(401);
    expect((await login('10.5.0.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(429);
    // Right after the guesses the account waits a moment from anywhere...
    const delayed = await login('10.5.0.2', 'admin', ADMIN_PASSWORD);
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().err_code).toBe('loginThrottled');
    // ...but once the short delay has passed the owner signs in from their own address,
    await later(THROTTLE.firstDelayMs + 10);
    expect((await login('10.5.0.2', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    // while the guessing address stays locked out for the window.
    expect((await login('10.5.0.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(429);
    await later(THROTTLE.windowMs);
    expect((await login('10.5.0.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('doubles the account delay with each further failure, up to its cap', async () => {
    await forget();
    const extra = 4;
    for (let i = 0; i < THROTTLE.perAccount + extra; i++) {
      await later(THROTTLE.maxDelayMs);
      expect((await login(`10.6.0.${i + 1}`, 'admin', 'wrong-password')).statusCode).toBe(401);
    }
    await later(THROTTLE.firstDelayMs * 2 ** extra - 3_000);
    expect((await login('10.6.1.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(429);
    await later(3_000);
    expect((await login('10.6.1.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('lets an administrator see and clear lock-outs, and no one without Security management', async () => {
    await forget();
    for (let i = 0; i < THROTTLE.perPair; i++) await login('10.7.0.1', 'admin', 'wrong-password');
    const list = (await admin('GET', LOCKOUTS)).json().list;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: 'admin', ip: '10.7.0.1', failures: THROTTLE.perPair }),
      ]),
    );
    const viewer = await userWithRole(edge, admin, {
      Security: { control: { enable: true }, isManagement: false },
    });
    expect(canView('Security').kind).toBe('app');
    expect((await viewer.call('GET', LOCKOUTS)).statusCode).toBe(200);
    const refused = await viewer.call('DELETE', LOCKOUTS, { account: 'admin' });
    expect(refused.statusCode).toBe(403);
    expect((await login('10.7.0.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(429);

    const cleared = await admin('DELETE', LOCKOUTS, { account: 'admin' });
    expect(cleared.json()).toEqual({ message: messages.lockoutsCleared });
    expect((await admin('GET', LOCKOUTS)).json().list).toEqual([]);
    expect((await login('10.7.0.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('clears the lock-out of an address sprayed across accounts', async () => {
    await forget();
    for (let i = 0; i < THROTTLE.perAddress; i++) await login('10.7.1.1', `nobody${i}`, 'wrong-password');
    expect((await login('10.7.1.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(429);
    await admin('DELETE', LOCKOUTS, { ip: '10.7.1.1' });
    expect((await login('10.7.1.1', 'admin', ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('takes as long for an unknown name as for a wrong password (a dummy hash)', async () => {
    const timed = async (name: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 7; i++) {
        await forget();
        const t = process.hrtime.bigint();
        expect((await login('10.8.1.1', name, 'wrong-password')).statusCode).toBe(401);
        samples.push(Number(process.hrtime.bigint() - t));
      }
      return samples.sort((a, b) => a - b)[3]!;
    };
    await timed('warm-up');
    const known = await timed('admin');
    const unknown = await timed('no-such-user');
    expect(unknown / known).toBeGreaterThan(0.6);
    await forget();
  });

  it('answers WebAuthn options of the same shape for an unknown name and a name without keys', async () => {
    const options = async (name: string) =>
      (
        await edge.app.inject({ method: 'POST', url: '/api/v1/auth/webauthn/options', payload: { name } })
      ).json();
    const unknown = await options('no-such-user');
    const known = await options('admin');
    for (const answer of [unknown, known]) {
      expect(answer.allowCredentials).toHaveLength(1);
      expect(Object.keys(answer).sort()).toEqual(Object.keys(known).sort());
    }
    expect(unknown.allowCredentials[0].id).toHaveLength(known.allowCredentials[0].id.length);
    expect((await options('no-such-user')).allowCredentials).toEqual(unknown.allowCredentials);
  });

  it('refuses a cookie logout without the CSRF token, and ends the session with it', async () => {
    const session = await signIn(edge);
    const logout = (headers: Record<string, string>) =>
      edge.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    const missing = await logout({ cookie: session.cookie });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().err_code).toBe('csrfRefused');
    expect(
      (await edge.app.inject({ method: 'GET', url: INFO, headers: { cookie: session.cookie } })).statusCode,
    ).toBe(200);
    expect((await logout(session.headers())).statusCode).toBe(200);
    expect(
      (await edge.app.inject({ method: 'GET', url: INFO, headers: { cookie: session.cookie } })).statusCode,
    ).toBe(401);
  });

  it('sends neither Secure nor HSTS over plain HTTP, and ignores X-Forwarded-* from an untrusted peer', async () => {
    await forget();
    const res = await login('10.9.0.1', 'admin', ADMIN_PASSWORD, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'edge_session')?.secure).toBeFalsy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const row = await edge.store.db
      .selectFrom('sessions')
      .select('ip')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe('10.9.0.1');
  });

  // Registered for SQLite only (PostgreSQL keeps no file here), so no run reports it skipped.
  if (dialect === 'sqlite')
    it('keeps console.sqlite and its WAL readable by the owner only', () => {
      for (const suffix of ['', '-wal']) {
        const file = path.join(edge.config.dataDir, `console.sqlite${suffix}`);
        expect(fs.statSync(file).mode & 0o777, suffix || 'database').toBe(0o600);
      }
    });
});

describe.each(DIALECTS)('behind a trusted reverse proxy (%s)', (dialect) => {
  let edge: TestConsole;
  beforeAll(async () => {
    edge = await startTestConsole(dialect, { trustProxy: '127.0.0.1' });
  });
  afterAll(async () => edge?.destroy());

  const viaProxy = (client: string, password: string) =>
    edge.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '127.0.0.1',
      payload: { name: 'admin', password },
      headers: { 'x-forwarded-for': client, 'x-forwarded-proto': 'https' },
    });

  it("throttles by the proxy's client address, and marks the cookie Secure with HSTS over HTTPS", async () => {
    for (let i = 0; i < THROTTLE.perPair; i++)
      expect((await viaProxy('198.51.100.7', 'wrong-password')).statusCode).toBe(401);
    expect((await viaProxy('198.51.100.7', ADMIN_PASSWORD)).statusCode).toBe(429);
    await edge.store.db
      .updateTable('login_failures')
      .set({ window_start: 0 })
      .where('key', 'like', 'account:%')
      .execute();
    const ok = await viaProxy('198.51.100.8', ADMIN_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'edge_session')?.secure).toBe(true);
    expect(ok.headers['strict-transport-security']).toBe(HSTS);
    const failures = await edge.store.db.selectFrom('login_failures').select('key').execute();
    expect(failures.map((f) => f.key)).toContain('ip:198.51.100.7');
  });
});
