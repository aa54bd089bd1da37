import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@edge/protocol';
import { ADMIN_PASSWORD, DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { digest } from './tokens.ts';
import { THROTTLE } from './throttle.ts';

describe.each(DIALECTS)('sign-in and sessions (%s)', (dialect) => {
  let edge: TestConsole;
  beforeAll(async () => {
    edge = await startTestConsole(dialect);
  });
  afterAll(async () => edge?.destroy());

  const login = (payload: object, headers: Record<string, string> = {}) =>
    edge.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers });
  const accountInfo = (headers: Record<string, string>) =>
    edge.app.inject({ method: 'GET', url: '/api/v1/settings/account/getAccountInfo', headers });

  it('answers the SPEC messages for empty fields', async () => {
    for (const [payload, code] of [
      [{}, 'loginBothEmpty'],
      [{ name: '', password: 'x' }, 'loginAccountEmpty'],
      [{ name: 'admin', password: '' }, 'loginPasswordEmpty'],
    ] as const) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
    }
  });

  it('signs in, sets an httpOnly SameSite cookie and stores only its digest', async () => {
    const res = await login({ name: 'admin', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Login successfully.');
    const cookie = res.cookies.find((c) => c.name === 'edge_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    const rows = await edge.store.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).toContain(digest(cookie.value));
    expect(rows.map((r) => r.id_hash)).not.toContain(cookie.value);
    const info = await accountInfo({ cookie: `edge_session=${cookie.value}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ name: 'admin', type: 'Admin' });
  });

  it('refuses a wrong password with an error and no cookie', async () => {
    const res = await login({ name: 'admin', password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().err_message).toBe(messages.loginFailed);
    expect(res.cookies.find((c) => c.name === 'edge_session')).toBeUndefined();
  });

  it('rotates the session at sign-in: the previous cookie stops working', async () => {
    const first = await signIn(edge);
    const second = await login({ name: 'admin', password: ADMIN_PASSWORD }, { cookie: first.cookie });
    expect(second.statusCode).toBe(200);
    expect((await accountInfo({ cookie: first.cookie })).statusCode).toBe(401);
  });

  it('refuses logged-out, tampered and idle-expired sessions', async () => {
    const session = await signIn(edge);
    expect((await accountInfo({ cookie: session.cookie })).statusCode).toBe(200);
    expect((await accountInfo({ cookie: session.cookie + 'x' })).statusCode).toBe(401);
    expect((await accountInfo({ cookie: 'edge_session=forged' })).statusCode).toBe(401);

    const out = await edge.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: session.headers(),
    });
    expect(out.statusCode).toBe(200);
    expect((await accountInfo({ cookie: session.cookie })).statusCode).toBe(401);

    const idle = await signIn(edge);
    const longAgo = Date.now() - (edge.config.sessionIdleMinutes + 1) * 60_000;
    await edge.store.db.updateTable('sessions').set({ last_seen_at: longAgo }).execute();
    expect((await accountInfo({ cookie: idle.cookie })).statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated mutation without the CSRF token, or from another site', async () => {
    const session = await signIn(edge);
    const body = { email: 'ops@example.com', companyName: 'Acme' };
    const url = '/api/v1/settings/account/profile';
    const missing = await edge.app.inject({
      method: 'PATCH',
      url,
      payload: body,
      headers: { cookie: session.cookie },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().err_code).toBe('csrfRefused');
    const wrong = await edge.app.inject({
      method: 'PATCH',
      url,
      payload: body,
      headers: { cookie: session.cookie, 'x-csrf-token': 'nope' },
    });
    expect(wrong.statusCode).toBe(403);
    const crossSite = await edge.app.inject({
      method: 'PATCH',
      url,
      payload: body,
      headers: { ...session.headers(), origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const user = await edge.store.db
      .selectFrom('users')
      .select('email')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(user.email).not.toBe('ops@example.com');

    const ok = await edge.app.inject({ method: 'PATCH', url, payload: body, headers: session.headers() });
    expect(ok.statusCode).toBe(200);
  });

  it('throttles failed sign-ins per account, even when the right password follows', async () => {
    await edge.store.db.deleteFrom('login_failures').execute();
    for (let i = 0; i < THROTTLE.perAccount; i++) {
      expect((await login({ name: 'admin', password: `wrong-${i}-pass` })).statusCode).toBe(401);
    }
    const blocked = await login({ name: 'admin', password: ADMIN_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().err_code).toBe('loginThrottled');
    await edge.store.db.deleteFrom('login_failures').execute();
    expect((await login({ name: 'admin', password: ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it('throttles failed sign-ins per address across accounts', async () => {
    await edge.store.db.deleteFrom('login_failures').execute();
    for (let i = 0; i < THROTTLE.perAddress; i++)
      await login({ name: `nobody${i}`, password: 'wrong-password' });
    expect((await login({ name: 'admin', password: ADMIN_PASSWORD })).statusCode).toBe(429);
    await edge.store.db.deleteFrom('login_failures').execute();
  });

  it('records sign-ins in the activity log with who and from where', async () => {
    await login({ name: 'admin', password: 'wrong-password' });
    const row = await edge.store.db
      .selectFrom('activity')
      .selectAll()
      .where('action', '=', 'auth.login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_name: 'admin', status_code: 401, ip: '127.0.0.1' });
    await edge.store.db.deleteFrom('login_failures').execute();
  });
});

describe.each(DIALECTS)('startup variables and headers (%s)', (dialect) => {
  let edge: TestConsole;
  beforeAll(async () => {
    edge = await startTestConsole(dialect, { captchaKey: 'cap-key', gaKey: '' });
  });
  afterAll(async () => edge?.destroy());

  it('returns CaptchaKey and GAKey from configuration without signing in', async () => {
    const res = await edge.app.inject({ method: 'GET', url: '/api/v1/variable/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ CaptchaKey: 'cap-key', GAKey: '' });
  });

  it('sends a strict Content-Security-Policy and hardening headers', async () => {
    const res = await edge.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await edge.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/auth/login');
  });

  it('answers unknown API paths with 404 and err_message', async () => {
    const res = await edge.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().err_message).toBe(messages.notFound);
  });
});
