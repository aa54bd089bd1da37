import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINISTRATOR_ROLE_ID, fullPermissionSet, messages, type MessageCode } from '@edge/protocol';
import { ADMIN_PASSWORD, DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, USER_PASSWORD, type Caller } from '../testing/accounts.ts';
import { multipart, png } from '../testing/files.ts';

const USERS = '/api/v1/settings/account/users';
const INFO = '/api/v1/settings/account/getAccountInfo';
const login = (edge: TestConsole, name: string, password = USER_PASSWORD) =>
  edge.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { name, password } });

describe.each(DIALECTS)('accounts (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let adminId: number;
  let roleId: number;

  const newUser = (overrides: Record<string, unknown> = {}) => ({
    name: 'operator',
    email: 'operator@example.com',
    password: USER_PASSWORD,
    confirmPassword: USER_PASSWORD,
    roleId,
    type: 'Admin',
    ...overrides,
  });

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
    adminId = (await admin('GET', INFO)).json().id;
    const role = await admin('POST', '/api/v1/settings/permission/roles', {
      name: 'Operator',
      permissions: [],
    });
    roleId = role.json().id;
  });
  afterAll(async () => edge?.destroy());

  it('creates a user, active by default, and lists users with number, name and account type', async () => {
    const res = await admin('POST', USERS, newUser());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'operator',
      type: 'Admin',
      roleId,
      roleName: 'Operator',
      status: 1,
      hasIcon: false,
      lastUsedAt: null,
    });
    expect(JSON.stringify(res.json())).not.toContain('password');

    const list = (await admin('GET', USERS)).json();
    expect(list.totalNumber).toBe(2);
    expect(
      list.list.map((u: { number: number; name: string; type: string }) => [u.number, u.name, u.type]),
    ).toEqual([
      [1, 'admin', 'Admin'],
      [2, 'operator', 'Admin'],
    ]);
    expect(list.roles).toEqual([
      { id: ADMINISTRATOR_ROLE_ID, name: 'Administrator' },
      { id: roleId, name: 'Operator' },
    ]);
    expect((await login(edge, 'operator')).statusCode).toBe(200);
  });

  it('refuses a user name that is taken', async () => {
    const res = await admin('POST', USERS, newUser({ email: 'other@example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().err_message).toBe(messages.userNameTaken);
  });

  describe('validation of the user form (SPEC 5): 400, the SPEC text, nothing written', () => {
    const cases: [string, Record<string, unknown>, MessageCode][] = [
      ['missing name', { name: undefined }, 'usernameEmpty'],
      ['empty name', { name: '' }, 'usernameEmpty'],
      ['name of 1 character', { name: 'a' }, 'usernameFormat'],
      ['name of 33 characters', { name: 'a'.repeat(33) }, 'usernameFormat'],
      ['name starting with a digit', { name: '1abc' }, 'usernameFormat'],
      ['name with capitals', { name: 'Abc' }, 'usernameFormat'],
      ['name with a space', { name: 'ab c' }, 'usernameFormat'],
      ['name with a dot', { name: 'ab.c' }, 'usernameFormat'],
      ['empty e-mail', { email: '' }, 'emailEmpty'],
      ['e-mail without domain suffix', { email: 'x@example' }, 'emailFormat'],
      ['e-mail with a 1-letter suffix', { email: 'x@example.c' }, 'emailFormat'],
      ['e-mail with a 5-letter suffix', { email: 'x@example.comms' }, 'emailFormat'],
      ['e-mail with a space', { email: 'a b@example.com' }, 'emailFormat'],
      ['empty password', { password: '', confirmPassword: '' }, 'passwordEmpty'],
      ['password of 7 characters', { password: 'Abcdef1', confirmPassword: 'Abcdef1' }, 'passwordLength'],
      [
        'password of 65 characters',
        { password: 'a'.repeat(65), confirmPassword: 'a'.repeat(65) },
        'passwordLength',
      ],
      [
        'password with a backslash',
        { password: 'Abc\\defg1', confirmPassword: 'Abc\\defg1' },
        'passwordBackslash',
      ],
      ['confirmation that differs', { confirmPassword: USER_PASSWORD + 'x' }, 'passwordsDoNotMatch'],
      ['missing confirmation', { confirmPassword: undefined }, 'passwordsDoNotMatch'],
      ['no account type', { type: undefined }, 'accountTypeRequired'],
      ['an unknown account type', { type: 'Root' }, 'accountTypeRequired'],
      ['no permission type', { roleId: undefined }, 'permissionTypeRequired'],
      ['permission type 0', { roleId: 0 }, 'permissionTypeRequired'],
      ['a permission type that does not exist', { roleId: 9999 }, 'permissionTypeRequired'],
    ];
    it.each(cases)('%s', async (_label, overrides, code) => {
      const before = await snapshot(edge);
      const res = await admin('POST', USERS, newUser({ name: 'fresh', ...overrides }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
      expect(await snapshot(edge)).toBe(before);
    });

    it('accepts the limits themselves: names of 2 and 32 characters, passwords of 8 and 64, - _ + . in the right places', async () => {
      const accepted = [
        { name: 'ab', password: 'Abcdef1!', email: 'a.b+c_d-e@ex-ample.co' },
        { name: 'a' + 'b_-9'.repeat(7) + 'abc', password: 'p'.repeat(64), email: 'x@example.info' },
      ];
      for (const user of accepted) {
        expect(user.name.length === 2 || user.name.length === 32).toBe(true);
        const res = await admin('POST', USERS, newUser({ ...user, confirmPassword: user.password }));
        expect(res.statusCode, JSON.stringify(user)).toBe(200);
      }
    });
  });

  it("edits e-mail, permission and account type; a new password ends the user's sessions", async () => {
    const user = await userWithRole(edge, admin, {});
    const res = await admin('PATCH', USERS, {
      id: user.id,
      email: 'new@example.com',
      roleId,
      type: 'Container',
      companyName: 'Acme',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'new@example.com',
      roleId,
      type: 'Container',
      companyName: 'Acme',
    });

    expect((await user.call('GET', INFO)).statusCode).toBe(200);
    const reset = await admin('PATCH', USERS, {
      id: user.id,
      email: 'new@example.com',
      roleId,
      type: 'Admin',
      password: 'Brand-new-1',
      confirmPassword: 'Brand-new-2',
    });
    expect(reset.json().err_code).toBe('passwordsDoNotMatch');
    await admin('PATCH', USERS, {
      id: user.id,
      email: 'new@example.com',
      roleId,
      type: 'Admin',
      password: 'Brand-new-1',
      confirmPassword: 'Brand-new-1',
    });
    expect((await user.call('GET', INFO)).statusCode).toBe(401);
    expect((await login(edge, user.name, 'Brand-new-1')).statusCode).toBe(200);
  });

  it('suspends: sign-in refused, sessions and tokens stop at once, data kept; re-activates', async () => {
    const user = await userWithRole(edge, admin, {
      Security: { control: { enable: true }, isManagement: true },
      AccessToken: { control: { enable: true }, isManagement: true },
    });
    const token = (
      await user.call('POST', '/api/v1/security/accessToken', {
        tokenName: 'ci',
        endDate: '2999-12-31',
        scopes: ['api'],
      })
    ).json().token as string;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await edge.app.inject({ method: 'GET', url: INFO, headers: bearer })).statusCode).toBe(200);

    const suspended = await admin('PATCH', `${USERS}/suspend`, { id: user.id });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().status).toBe(0);
    expect((await user.call('GET', INFO)).statusCode).toBe(401);
    const refusedToken = await edge.app.inject({ method: 'GET', url: INFO, headers: bearer });
    expect(refusedToken.statusCode).toBe(401);
    expect(refusedToken.json().err_code).toBe('tokenInvalid');
    const refusedLogin = await login(edge, user.name);
    expect(refusedLogin.statusCode).toBe(403);
    expect(refusedLogin.json().err_message).toBe(messages.accountSuspended);
    expect(
      (await edge.store.db.selectFrom('access_tokens').select('id').where('user_id', '=', user.id).execute())
        .length,
    ).toBe(1);

    expect((await admin('PATCH', `${USERS}/reactivate`, { id: user.id })).json().status).toBe(1);
    expect((await login(edge, user.name)).statusCode).toBe(200);
    expect((await edge.app.inject({ method: 'GET', url: INFO, headers: bearer })).statusCode).toBe(200);
  });

  it('deletes a user irreversibly with their sessions, tokens and icon', async () => {
    const user = await userWithRole(edge, admin, {
      Security: { control: { enable: true }, isManagement: true },
      AccessToken: { control: { enable: true }, isManagement: true },
    });
    await user.call('POST', '/api/v1/security/accessToken', {
      tokenName: 'ci',
      endDate: '2999-12-31',
      scopes: ['api'],
    });
    const upload = multipart(png(32, 32), 'me.png', 'image/png');
    expect(
      (
        await edge.app.inject({
          method: 'PATCH',
          url: '/api/v1/settings/account/icon',
          payload: upload.payload,
          headers: { ...user.session.headers(), ...upload.headers },
        })
      ).statusCode,
    ).toBe(200);

    const res = await admin('DELETE', USERS, { id: user.id });
    expect(res.statusCode).toBe(200);
    const db = edge.store.db;
    expect(await db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([]);
    expect(
      await db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('access_tokens').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('stored_files').select('key').where('key', '=', `user-icon:${user.id}`).execute(),
    ).toEqual([]);
    expect((await user.call('GET', INFO)).statusCode).toBe(401);
    expect((await admin('DELETE', USERS, { id: user.id })).statusCode).toBe(404);
  });

  it("refuses to delete or suspend the user making the request: 'This user is currently used.'", async () => {
    const before = await snapshot(edge);
    for (const [method, url] of [
      ['DELETE', USERS],
      ['PATCH', `${USERS}/suspend`],
    ] as const) {
      const res = await admin(method, url, { id: adminId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        err_message: 'This user is currently used.',
        err_code: 'userCurrentlyUsed',
      });
    }
    expect(await snapshot(edge)).toBe(before);
  });

  it('keeps the last active administrator: not demoted to another permission or to a Container account', async () => {
    // A suspended administrator does not count: the active one is still the last.
    const dormant = await admin(
      'POST',
      USERS,
      newUser({ name: 'dormant-admin', roleId: ADMINISTRATOR_ROLE_ID, status: 0 }),
    );
    expect(dormant.json().status).toBe(0);
    const before = await snapshot(edge);
    for (const change of [
      { roleId, type: 'Admin' },
      { roleId: ADMINISTRATOR_ROLE_ID, type: 'Container' },
    ]) {
      const res = await admin('PATCH', USERS, { id: adminId, email: 'admin@example.com', ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json()).toEqual({ err_message: messages.lastAdministrator, err_code: 'lastAdministrator' });
    }
    expect(await snapshot(edge)).toBe(before);

    // With a second active administrator, the first may step down, and be restored by the second.
    await admin('PATCH', `${USERS}/reactivate`, { id: dormant.json().id });
    expect(
      (await admin('PATCH', USERS, { id: adminId, email: 'admin@example.com', roleId, type: 'Admin' }))
        .statusCode,
    ).toBe(200);
    const second = caller(edge, await signIn(edge, 'dormant-admin', USER_PASSWORD));
    // The second is now the last: they cannot suspend or delete themselves, nor step down.
    expect(
      (
        await second('PATCH', USERS, { id: dormant.json().id, email: 'd@example.com', roleId, type: 'Admin' })
      ).json().err_code,
    ).toBe('lastAdministrator');
    expect((await second('DELETE', USERS, { id: dormant.json().id })).json().err_code).toBe(
      'userCurrentlyUsed',
    );
    expect(
      (
        await second('PATCH', USERS, {
          id: adminId,
          email: 'admin@example.com',
          roleId: ADMINISTRATOR_ROLE_ID,
          type: 'Admin',
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin('DELETE', USERS, { id: dormant.json().id })).statusCode).toBe(200);
  });

  it('lets only administrators give the Administrator permission or change an administrator', async () => {
    const manager = await userWithRole(edge, admin, {
      Settings: { control: { enable: true }, isManagement: true },
      Account: { control: { enable: true }, isManagement: true },
    });
    const before = await snapshot(edge);
    const attempts: ['POST' | 'PATCH' | 'DELETE', string, object][] = [
      ['POST', USERS, newUser({ name: 'sneaky', roleId: ADMINISTRATOR_ROLE_ID })],
      [
        'PATCH',
        USERS,
        { id: manager.id, email: 'm@example.com', roleId: ADMINISTRATOR_ROLE_ID, type: 'Admin' },
      ],
      ['PATCH', USERS, { id: adminId, email: 'admin@example.com', roleId, type: 'Admin' }],
      ['PATCH', `${USERS}/suspend`, { id: adminId }],
      ['DELETE', USERS, { id: adminId }],
    ];
    for (const [method, url, body] of attempts) {
      const res = await manager.call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(403);
      expect(res.json().err_code).toBe('administratorOnly');
    }
    expect(await snapshot(edge)).toBe(before);
    // Ordinary accounts are theirs to manage.
    expect((await manager.call('POST', USERS, newUser({ name: 'managed' }))).statusCode).toBe(200);
  });

  it('fills getAccountInfo members for those who may view accounts, and only for them', async () => {
    const info = (await admin('GET', INFO)).json();
    expect(info.members.length).toBeGreaterThan(2);
    expect(info.members[0]).toEqual({
      id: adminId,
      name: 'admin',
      companyName: '',
      email: expect.any(String),
      permissions: 'Administrator',
      status: 1,
    });
    const plain = await userWithRole(edge, admin, {});
    expect((await plain.call('GET', INFO)).json().members).toEqual([]);
    const everything = await userWithRole(edge, admin, fullPermissionSet());
    expect((await everything.call('GET', INFO)).json().members.length).toBe(info.members.length + 2);
  });

  describe('user icons', () => {
    const uploadIcon = (
      headers: Record<string, string>,
      bytes: Buffer,
      url = '/api/v1/settings/account/icon',
    ) => {
      const body = multipart(bytes, 'icon', 'image/png');
      return edge.app.inject({
        method: 'PATCH',
        url,
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
    };

    it('stores an own icon checked by its bytes and serves it with its real type', async () => {
      const user = await userWithRole(edge, admin, {});
      expect((await uploadIcon(user.session.headers(), png(64, 64))).statusCode).toBe(200);
      const icon = await user.call('GET', `${USERS}/icon?id=${user.id}`);
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(icon.headers['x-content-type-options']).toBe('nosniff');
      expect(icon.rawPayload.equals(png(64, 64))).toBe(true);
      expect(
        (await admin('GET', USERS)).json().list.find((u: { id: number }) => u.id === user.id).hasIcon,
      ).toBe(true);
      // Others' icons are for those who may view accounts.
      const other = await userWithRole(edge, admin, {});
      expect((await other.call('GET', `${USERS}/icon?id=${user.id}`)).statusCode).toBe(403);
      expect((await admin('GET', `${USERS}/icon?id=${user.id}`)).statusCode).toBe(200);
    });

    it('refuses files of another type, too large, or missing, keeping the old icon', async () => {
      const user = await userWithRole(edge, admin, {});
      const headers = user.session.headers();
      await uploadIcon(headers, png(16, 16));
      const before = await snapshot(edge);
      const text = await uploadIcon(headers, Buffer.from('<html>not an image</html>'));
      expect(text.statusCode).toBe(400);
      expect(text.json().err_code).toBe('iconType');
      const vector = await uploadIcon(
        headers,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      );
      expect(vector.json().err_code).toBe('iconType');
      const big = await uploadIcon(headers, png(16, 16, 600 * 1024));
      expect(big.statusCode).toBe(413);
      expect(big.json().err_message).toBe(messages.fileTooLarge);
      const none = await user.call('PATCH', '/api/v1/settings/account/icon', {});
      expect(none.json().err_code).toBe('fileMissing');
      expect(await snapshot(edge)).toBe(before);
    });

    it("lets an administrator set another user's icon", async () => {
      const user = await userWithRole(edge, admin, {});
      const res = await uploadIcon(
        (await signIn(edge, 'admin', ADMIN_PASSWORD)).headers(),
        png(8, 8),
        `${USERS}/icon?id=${user.id}`,
      );
      expect(res.statusCode).toBe(200);
      expect((await user.call('GET', `${USERS}/icon?id=${user.id}`)).statusCode).toBe(200);
    });
  });

  it("checks the own password change: 'Passwords do not match.', lengths and backslash", async () => {
    const user = await userWithRole(edge, admin, {});
    const change = (body: object) => user.call('PATCH', '/api/v1/settings/account/password', body);
    const cases: [object, MessageCode][] = [
      [
        {
          currentPassword: USER_PASSWORD,
          newPassword: 'Another-pass-1',
          newConfirmPassword: 'Another-pass-2',
        },
        'passwordsDoNotMatch',
      ],
      [
        { currentPassword: USER_PASSWORD, newPassword: 'a\\bcdefgh', newConfirmPassword: 'a\\bcdefgh' },
        'passwordBackslash',
      ],
      [
        { currentPassword: USER_PASSWORD, newPassword: 'short', newConfirmPassword: 'short' },
        'passwordLength',
      ],
      [
        {
          currentPassword: 'wrong-password',
          newPassword: 'Another-pass-1',
          newConfirmPassword: 'Another-pass-1',
        },
        'currentPasswordWrong',
      ],
    ];
    for (const [body, code] of cases) {
      const res = await change(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().err_code).toBe(code);
    }
    expect(
      (
        await change({
          currentPassword: USER_PASSWORD,
          newPassword: 'Another-pass-1',
          newConfirmPassword: 'Another-pass-1',
        })
      ).statusCode,
    ).toBe(200);
  });
});
