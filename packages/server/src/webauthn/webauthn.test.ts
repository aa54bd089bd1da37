import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, type Caller } from '../testing/accounts.ts';
import { SoftAuthenticator, USER_PRESENT_ONLY } from '../testing/authenticator.ts';

const KEYS = '/api/v1/settings/account/webauthn';
const ORIGIN = 'http://localhost';

describe.each(DIALECTS)('WebAuthn security keys (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let anonymous: Caller;
  const key = new SoftAuthenticator(ORIGIN, 'localhost');

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
    anonymous = caller(edge);
  });
  afterAll(async () => edge?.destroy());

  async function register(name: string, authenticator = key) {
    const options = await admin('POST', `${KEYS}/registerOptions`, { name });
    expect(options.statusCode).toBe(200);
    return admin('POST', `${KEYS}/register`, {
      name,
      RegistrationData: authenticator.register(options.json()),
    });
  }
  async function signInWith(authenticator: SoftAuthenticator, flags?: number) {
    const options = await anonymous('POST', '/api/v1/auth/webauthn/options', {});
    expect(options.statusCode).toBe(200);
    return anonymous('POST', '/api/v1/auth/webauthn/verify', {
      AuthenticationData: authenticator.authenticate(options.json(), undefined, flags),
    });
  }

  it('registers a key from a real attestation, lists it and shows it in getAccountInfo', async () => {
    const options = await admin('POST', `${KEYS}/registerOptions`, { name: 'desk-key_1' });
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'admin' },
      authenticatorSelection: { userVerification: 'required' },
    });
    const res = await admin('POST', `${KEYS}/register`, {
      name: 'desk-key_1',
      RegistrationData: key.register(options.json()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: key.id, name: 'desk-key_1', lastUsedAt: null });

    expect((await admin('GET', KEYS)).json().list).toEqual([
      expect.objectContaining({ id: key.id, name: 'desk-key_1' }),
    ]);
    const info = await admin('GET', '/api/v1/settings/account/getAccountInfo');
    expect(info.json().webauthn).toEqual([{ id: key.id, name: 'desk-key_1' }]);
  });

  it('signs in without a password, creating a session exactly like password sign-in', async () => {
    const res = await signInWith(key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.loginSuccess, csrfToken: expect.any(String) });
    const cookie = res.cookies.find((c) => c.name === 'edge_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const info = await edge.app.inject({
      method: 'GET',
      url: '/api/v1/settings/account/getAccountInfo',
      headers: { cookie: `edge_session=${cookie.value}` },
    });
    expect(info.json()).toMatchObject({ name: 'admin', csrfToken: res.json().csrfToken });
    expect((await admin('GET', KEYS)).json().list[0].lastUsedAt).toEqual(expect.any(Number));
  });

  it('refuses a replayed answer, an unknown key, and a key without user verification', async () => {
    const options = (await anonymous('POST', '/api/v1/auth/webauthn/options', { name: 'admin' })).json();
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    const answer = { AuthenticationData: key.authenticate(options) };
    expect((await anonymous('POST', '/api/v1/auth/webauthn/verify', answer)).statusCode).toBe(200);
    const replay = await anonymous('POST', '/api/v1/auth/webauthn/verify', answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().err_message).toBe(messages.webauthnFailed);

    const stranger = new SoftAuthenticator(ORIGIN, 'localhost');
    expect((await signInWith(stranger)).statusCode).toBe(400);
    expect((await signInWith(key, USER_PRESENT_ONLY)).json().err_code).toBe('webauthnFailed');
  });

  it("refuses an answer made for another site's origin", async () => {
    const phished = Object.assign(Object.create(Object.getPrototypeOf(key)) as SoftAuthenticator, key, {
      origin: 'http://evil.example',
    });
    const res = await signInWith(phished);
    expect(res.statusCode).toBe(400);
    expect(res.json().err_code).toBe('webauthnFailed');
  });

  it("answers 'Missing Webauthn data' when the credential is absent or malformed, writing nothing", async () => {
    const before = await snapshot(edge);
    for (const RegistrationData of [
      undefined,
      {},
      { id: 'x', rawId: 'x', type: 'public-key', response: {} },
      'nonsense',
    ]) {
      const res = await admin('POST', `${KEYS}/register`, { name: 'another', RegistrationData });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err_message: 'Missing Webauthn data', err_code: 'missingWebauthn' });
    }
    const login = await anonymous('POST', '/api/v1/auth/webauthn/verify', {});
    expect(login.json().err_message).toBe('Missing Webauthn data');
    expect(await snapshot(edge)).toBe(before);
  });

  it('requires a key name of A-Z a-z 0-9 - _ only', async () => {
    const before = await snapshot(edge);
    for (const [name, code] of [
      ['', 'webauthnNameEmpty'],
      [undefined, 'webauthnNameEmpty'],
      ['my key', 'webauthnNameFormat'],
      ['key.1', 'webauthnNameFormat'],
      ['ключ', 'webauthnNameFormat'],
      ['k'.repeat(65), 'webauthnNameFormat'],
    ] as const) {
      const res = await admin('POST', `${KEYS}/registerOptions`, { name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
      expect((await admin('PATCH', KEYS, { id: key.id, name })).json().err_code).toBe(code);
    }
    expect((await admin('POST', `${KEYS}/registerOptions`, { name: 'k'.repeat(64) })).statusCode).toBe(200);
    expect((await admin('POST', `${KEYS}/registerOptions`, { name: 'desk-key_1' })).json().err_code).toBe(
      'webauthnNameTaken',
    );
    expect(await snapshot(edge)).toBe(before);
  });

  it('renames and deletes a key; a deleted key no longer signs in', async () => {
    const second = new SoftAuthenticator(ORIGIN, 'localhost');
    expect((await register('spare', second)).statusCode).toBe(200);
    expect((await admin('PATCH', KEYS, { id: second.id, name: 'spare-2' })).statusCode).toBe(200);
    expect((await admin('PATCH', KEYS, { id: second.id, name: 'desk-key_1' })).json().err_code).toBe(
      'webauthnNameTaken',
    );
    expect((await admin('GET', KEYS)).json().list.map((k: { name: string }) => k.name)).toEqual([
      'desk-key_1',
      'spare-2',
    ]);
    expect((await admin('DELETE', KEYS, { id: second.id })).statusCode).toBe(200);
    expect((await admin('DELETE', KEYS, { id: second.id })).statusCode).toBe(404);
    expect((await signInWith(second)).statusCode).toBe(400);
  });

  it("refuses a suspended user's key, as password sign-in would", async () => {
    const user = await userWithRole(edge, admin, {});
    const theirs = new SoftAuthenticator(ORIGIN, 'localhost');
    const options = await user.call('POST', `${KEYS}/registerOptions`, { name: 'phone' });
    expect(
      (
        await user.call('POST', `${KEYS}/register`, {
          name: 'phone',
          RegistrationData: theirs.register(options.json()),
        })
      ).statusCode,
    ).toBe(200);
    expect((await signInWith(theirs)).statusCode).toBe(200);
    await admin('PATCH', '/api/v1/settings/account/users/suspend', { id: user.id });
    const refused = await signInWith(theirs);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().err_code).toBe('accountSuspended');
  });

  it('refuses a registration answer for a challenge it never issued', async () => {
    const forged = key.register({ challenge: 'bm90LWlzc3VlZA' });
    const res = await admin('POST', `${KEYS}/register`, { name: 'forged', RegistrationData: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json().err_code).toBe('webauthnFailed');
  });
});
