import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PREFIX, messages, type MessageCode, type TokenScope } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, type Caller } from '../testing/accounts.ts';
import { digest } from '../auth/tokens.ts';

const TOKENS = '/api/v1/security/accessToken';
const INFO = '/api/v1/settings/account/getAccountInfo';
const USERS = '/api/v1/settings/account/users';
const ACL = '/api/v1/security/acl';

describe.each(DIALECTS)('API access tokens (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  /** Calls with the token alone: no cookie, no CSRF header. */
  const withToken =
    (token: string): Caller =>
    (method, url, payload, headers = {}) =>
      caller(edge)(method, url, payload, { authorization: `Bearer ${token}`, ...headers });
  const create = async (scopes: TokenScope[], who: Caller = admin) => {
    const res = await who('POST', TOKENS, {
      tokenName: `t-${scopes.join('-')}`,
      endDate: '2999-12-31',
      scopes,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; token: string };
  };

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => edge?.destroy());

  it("reports 'Neither access control nor access token is enabled' until a token exists", async () => {
    const status = await admin('GET', '/api/v1/security/status');
    expect(status.json()).toEqual({
      accessControl: false,
      adminAcl: false,
      accessToken: false,
      message: messages.neitherAclNorToken,
    });
  });

  it('shows the secret once and keeps only its digest', async () => {
    const res = await admin('POST', TOKENS, {
      tokenName: 'deploy bot',
      endDate: '2999-12-31',
      scopes: ['api', 'read_user', 'api'],
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      tokenName: 'deploy bot',
      scopes: ['api', 'read_user'],
      endDate: '2999-12-31',
      lastUsed: null,
      status: 'active',
    });
    expect(created.token.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(created.expires).toBe(Date.parse('2999-12-31T23:59:59.999Z'));

    const row = await edge.store.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(digest(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const list = (await admin('GET', TOKENS)).json().list;
    expect(JSON.stringify(list)).not.toContain(created.token);
    expect(list[0]).toMatchObject({ id: created.id, tokenName: 'deploy bot' });

    expect((await withToken(created.token)('GET', INFO)).statusCode).toBe(200);
    expect((await admin('GET', TOKENS)).json().list[0].lastUsed).toEqual(expect.any(Number));
    expect((await admin('GET', '/api/v1/security/status')).json()).toMatchObject({
      accessToken: true,
      message: null,
    });
  });

  it('api: acts as its owner on every route, without CSRF, even beside a cookie', async () => {
    const { token } = await create(['api']);
    const api = withToken(token);
    expect((await api('GET', USERS)).statusCode).toBe(200);
    const added = await api(
      'POST',
      ACL,
      { ipAddress: '10.0.0.1', Description: 'by token' },
      { origin: 'https://elsewhere.example' },
    );
    expect(added.statusCode).toBe(200);
    const owner = await admin('GET', INFO);
    expect(owner.json().name).toBe('admin');
  });

  it('read_api: reads anything its owner may, changes nothing', async () => {
    const { token } = await create(['read_api']);
    const api = withToken(token);
    expect((await api('GET', USERS)).statusCode).toBe(200);
    expect((await api('GET', ACL)).statusCode).toBe(200);
    // A read whose parameters travel in a body (SPEC 7) is a read too: the scope lets it through to the
    // route, which answers for the unknown device.
    const dashboard = await api('POST', '/api/v1/dashboards/get', { DeviceID: 'no-such-device' });
    expect(dashboard.json().err_code).not.toBe('tokenScopeDenied');
    const before = await snapshot(edge);
    for (const [method, url, body] of [
      ['POST', ACL, { ipAddress: '10.0.0.2', Description: 'x' }],
      ['PATCH', '/api/v1/settings/account/profile', { email: 'x@example.com' }],
      ['DELETE', TOKENS, { id: 1 }],
    ] as const) {
      const res = await api(method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ err_message: messages.tokenScopeDenied, err_code: 'tokenScopeDenied' });
    }
    expect(await snapshot(edge)).toBe(before);
  });

  it("read_user: reads only the owner's own account", async () => {
    const { token } = await create(['read_user']);
    const api = withToken(token);
    expect((await api('GET', INFO)).statusCode).toBe(200);
    expect((await api('GET', '/api/v1/settings/account/webauthn')).statusCode).toBe(200);
    expect((await api('GET', USERS)).json().err_code).toBe('tokenScopeDenied');
    expect(
      (await api('PATCH', '/api/v1/settings/account/profile', { email: 'x@example.com' })).statusCode,
    ).toBe(403);
  });

  it("never reaches past its owner's permissions", async () => {
    const owner = await userWithRole(edge, admin, {
      Security: { control: { enable: true }, isManagement: true },
      AccessToken: { control: { enable: true }, isManagement: true },
    });
    const { token } = await create(['api'], owner.call);
    const res = await withToken(token)('GET', USERS);
    expect(res.statusCode).toBe(403);
    expect(res.json().err_code).toBe('forbidden');
  });

  it('refuses expired, revoked, unknown and malformed tokens with 401', async () => {
    const expired = await create(['api']);
    await edge.store.db
      .updateTable('access_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expired.id)
      .execute();
    const revoked = await create(['api']);
    expect((await admin('DELETE', TOKENS, { id: revoked.id })).statusCode).toBe(200);
    const list = (await admin('GET', TOKENS)).json().list;
    expect(list.find((t: { id: number }) => t.id === expired.id).status).toBe('expired');
    expect(list.find((t: { id: number }) => t.id === revoked.id).status).toBe('revoked');

    for (const token of [expired.token, revoked.token, `${TOKEN_PREFIX}forged`, 'garbage', '']) {
      const res = await withToken(token)('GET', INFO);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().err_message).toBe(messages.tokenInvalid);
    }
    expect((await admin('DELETE', TOKENS, { id: revoked.id })).statusCode).toBe(404);
  });

  it("cannot revoke another user's token", async () => {
    const owner = await userWithRole(edge, admin, {
      Security: { control: { enable: true }, isManagement: true },
      AccessToken: { control: { enable: true }, isManagement: true },
    });
    const theirs = await create(['api'], owner.call);
    expect((await admin('DELETE', TOKENS, { id: theirs.id })).statusCode).toBe(404);
    expect((await withToken(theirs.token)('GET', INFO)).statusCode).toBe(200);
  });

  it('validates name, end date and scopes (SPEC 5): 400 with the message, nothing written', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const cases: [object, MessageCode][] = [
      [{ tokenName: '' }, 'tokenNameEmpty'],
      [{ tokenName: '   ' }, 'tokenNameEmpty'],
      [{ tokenName: undefined }, 'tokenNameEmpty'],
      [{ tokenName: 't'.repeat(65) }, 'tokenNameLength'],
      [{ endDate: undefined }, 'tokenEndDateRequired'],
      [{ endDate: '' }, 'tokenEndDateRequired'],
      [{ endDate: '2999-02-30' }, 'tokenEndDateRequired'],
      [{ endDate: '31/12/2999' }, 'tokenEndDateRequired'],
      [{ endDate: '2000-01-01' }, 'tokenEndDatePast'],
      [{ scopes: [] }, 'tokenScopeRequired'],
      [{ scopes: undefined }, 'tokenScopeRequired'],
      [{ scopes: ['sudo'] }, 'tokenScopeRequired'],
    ];
    const before = await snapshot(edge);
    for (const [overrides, code] of cases) {
      const res = await admin('POST', TOKENS, {
        tokenName: 'name',
        endDate: '2999-12-31',
        scopes: ['api'],
        ...overrides,
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
    }
    expect(await snapshot(edge)).toBe(before);
    expect(
      (await admin('POST', TOKENS, { tokenName: 't'.repeat(64), endDate: today, scopes: ['read_api'] }))
        .statusCode,
    ).toBe(200);
  });
});
