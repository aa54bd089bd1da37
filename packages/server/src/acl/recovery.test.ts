/** The host-side recovery (npm run unlock) for address lists that shut every address out (issue 13). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller } from '../testing/accounts.ts';
import { openStore } from '../db/database.ts';
import { unlockConsole } from './recovery.ts';

describe.each(DIALECTS)('unlock recovery (%s)', (dialect) => {
  let edge: TestConsole;
  beforeAll(async () => {
    edge = await startTestConsole(dialect);
  });
  afterAll(async () => edge?.destroy());

  it('lets everyone in again after the access control list shut every address out', async () => {
    const admin = caller(edge, await signIn(edge));
    expect(
      (await admin('POST', '/api/v1/security/acl', { ipAddress: '192.0.2.1', Description: 'gone' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin('PATCH', '/api/v1/security/acl/enable', { enabled: true, confirm: true })).statusCode,
    ).toBe(200);
    expect((await admin('GET', '/api/v1/security/status')).statusCode).toBe(403);
    await edge.store.db
      .insertInto('login_failures')
      .values({ key: 'pair:127.0.0.1|admin', count: 9, window_start: Date.now() })
      .execute();

    // As the command does: its own connection to the same store.
    const store = await openStore({ dataDir: edge.config.dataDir, databaseUrl: edge.config.databaseUrl });
    try {
      expect(await unlockConsole(store.db)).toEqual({ listsDisabled: ['accessControl'], lockoutsCleared: 1 });
    } finally {
      await store.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await admin('GET', '/api/v1/security/status')).statusCode).toBe(200);
    expect(
      (
        await edge.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { name: 'admin', password: 'Admin-pass-1234' },
        })
      ).statusCode,
    ).toBe(200);
    // The entries stay, to be corrected before the list is enabled again.
    expect(JSON.stringify((await admin('GET', '/api/v1/security/acl')).json())).toContain('192.0.2.1');
  });
});
