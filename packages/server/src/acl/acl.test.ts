import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type MessageCode } from '@edge/protocol';
import { ADMIN_PASSWORD, DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, USER_PASSWORD, type Caller } from '../testing/accounts.ts';

const ACL = '/api/v1/security/acl';
const ADMIN_ACL = '/api/v1/security/adminAcl';
const INFO = '/api/v1/settings/account/getAccountInfo';
const OFFICE = '10.0.0.5';

describe.each(DIALECTS)('access control lists (%s)', (dialect) => {
  let edge: TestConsole;
  let session: Awaited<ReturnType<typeof signIn>>;
  let admin: Caller;
  const login = (name: string, password: string, remoteAddress: string) =>
    edge.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { name, password },
      remoteAddress,
    });

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    session = await signIn(edge);
    admin = caller(edge, session);
  });
  afterAll(async () => edge?.destroy());

  describe.each([
    ['access control list', ACL],
    ['admin ACL', ADMIN_ACL],
  ])('%s entries', (_name, path) => {
    it('validates IP address and description (SPEC 5): 400 with the message, nothing written', async () => {
      const cases: [object, MessageCode][] = [
        [{ ipAddress: '' }, 'ipEmpty'],
        [{ ipAddress: undefined }, 'ipEmpty'],
        [{ ipAddress: '256.1.1.1' }, 'ipFormat'],
        [{ ipAddress: '1.2.3' }, 'ipFormat'],
        [{ ipAddress: '01.2.3.4' }, 'ipFormat'],
        [{ ipAddress: '1.2.3.4/24' }, 'ipFormat'],
        [{ ipAddress: '::1' }, 'ipFormat'],
        [{ Description: '' }, 'descriptionEmpty'],
        [{ Description: '  ' }, 'descriptionEmpty'],
        [{ Description: undefined }, 'descriptionEmpty'],
        [{ Description: 'd'.repeat(129) }, 'descriptionLength'],
      ];
      const before = await snapshot(edge);
      for (const [overrides, code] of cases) {
        const res = await admin('POST', path, {
          ipAddress: '192.168.1.10',
          Description: 'office',
          ...overrides,
        });
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
      }
      expect(await snapshot(edge)).toBe(before);
    });

    it('adds, edits and deletes entries; refuses a duplicate address', async () => {
      const added = await admin('POST', path, { ipAddress: '255.255.255.255', Description: 'd'.repeat(128) });
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({ enabled: false, yourAddress: '127.0.0.1' });
      const entry = added.json().list.find((e: { ipAddress: string }) => e.ipAddress === '255.255.255.255');
      expect(
        (await admin('POST', path, { ipAddress: '255.255.255.255', Description: 'again' })).json()
          .err_message,
      ).toBe(messages.aclEntryExists);
      const edited = await admin('PATCH', path, {
        id: entry.id,
        ipAddress: '0.0.0.0',
        Description: 'renamed',
      });
      expect(edited.json().list).toContainEqual(
        expect.objectContaining({ id: entry.id, ipAddress: '0.0.0.0', Description: 'renamed' }),
      );
      expect(
        (await admin('DELETE', path, { id: entry.id })).json().list.map((e: { id: number }) => e.id),
      ).not.toContain(entry.id);
      expect((await admin('DELETE', path, { id: entry.id })).statusCode).toBe(404);
    });
  });

  it('asks for confirmation before enabling a list that shuts out the caller, and then refuses everyone else first', async () => {
    await admin('POST', ACL, { ipAddress: OFFICE, Description: 'office' });
    const before = await snapshot(edge);
    const refused = await admin('PATCH', `${ACL}/enable`, { enabled: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().err_code).toBe('aclLockout');
    expect(refused.json().err_message).toContain('127.0.0.1');
    expect(await snapshot(edge)).toBe(before);

    // From the office, which is listed, no confirmation is needed.
    const fromOffice = caller(edge, session, OFFICE);
    const enabled = await fromOffice('PATCH', `${ACL}/enable`, { enabled: true });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ enabled: true, yourAddress: OFFICE });

    // Everyone else is refused before anything else happens: no sign-in, no 404, no session lookup.
    const failuresBefore = await edge.store.db.selectFrom('login_failures').selectAll().execute();
    const outsider = await login('admin', 'wrong-password', '127.0.0.1');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ err_message: messages.aclRefused, err_code: 'aclRefused' });
    expect(await edge.store.db.selectFrom('login_failures').selectAll().execute()).toEqual(failuresBefore);
    expect((await admin('GET', '/api/v1/no-such-route')).statusCode).toBe(403);
    expect((await admin('GET', INFO)).statusCode).toBe(403);
    expect((await caller(edge)('GET', '/healthz')).statusCode).toBe(200);
    // An IPv4 client on a dual-stack socket is still recognised.
    expect((await caller(edge, session, `::ffff:${OFFICE}`)('GET', INFO)).statusCode).toBe(200);

    const status = await fromOffice('GET', '/api/v1/security/status');
    expect(status.json()).toMatchObject({ accessControl: true, message: null });

    // Removing the office entry would shut out the caller too.
    const officeEntry = enabled.json().list.find((e: { ipAddress: string }) => e.ipAddress === OFFICE);
    expect((await fromOffice('DELETE', ACL, { id: officeEntry.id })).statusCode).toBe(409);
    expect(
      (await fromOffice('PATCH', ACL, { id: officeEntry.id, ipAddress: '10.0.0.6', Description: 'moved' }))
        .statusCode,
    ).toBe(409);

    expect((await fromOffice('PATCH', `${ACL}/enable`, { enabled: false })).statusCode).toBe(200);
    expect((await admin('GET', INFO)).statusCode).toBe(200);

    // An explicit confirmation enables it even so.
    const confirmed = await admin('PATCH', `${ACL}/enable`, { enabled: true, confirm: true });
    expect(confirmed.statusCode).toBe(200);
    expect((await admin('GET', INFO)).statusCode).toBe(403);
    expect((await fromOffice('PATCH', `${ACL}/enable`, { enabled: false })).statusCode).toBe(200);
  });

  it('admin ACL: administrators sign in only from listed addresses; other users anywhere', async () => {
    const user = await userWithRole(edge, admin, {});
    const refused = await admin('PATCH', `${ADMIN_ACL}/enable`, { enabled: true });
    expect(refused.json().err_code).toBe('aclLockout');

    await admin('POST', ADMIN_ACL, { ipAddress: '127.0.0.1', Description: 'console host' });
    expect((await admin('PATCH', `${ADMIN_ACL}/enable`, { enabled: true })).statusCode).toBe(200);

    const elsewhere = await login('admin', ADMIN_PASSWORD, '10.9.9.9');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ err_message: messages.adminAclRefused, err_code: 'adminAclRefused' });
    expect(elsewhere.cookies.find((c) => c.name === 'edge_session')).toBeUndefined();
    expect((await login('admin', ADMIN_PASSWORD, '127.0.0.1')).statusCode).toBe(200);
    expect((await login(user.name, USER_PASSWORD, '10.9.9.9')).statusCode).toBe(200);

    expect((await admin('PATCH', `${ADMIN_ACL}/enable`, { enabled: false })).statusCode).toBe(200);
    expect((await login('admin', ADMIN_PASSWORD, '10.9.9.9')).statusCode).toBe(200);
  });
});
