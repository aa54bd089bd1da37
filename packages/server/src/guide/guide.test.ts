/**
 * The quick-start guide's choice per user, on SQLite and PostgreSQL: a new console opens it for every user
 * until that user chooses Don't show again (kept across sign-ins, their own only); once a device is adopted
 * the console is not new and it opens only from the help menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { enrolByHand, mqttUrl, startListeningConsole, uniquePrefix } from '../testing/devices.ts';

describe.each(DIALECTS)('quick-start guide (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => edge?.destroy());

  it("keeps each user's Don't show again across sign-ins, and stops opening it once a device is adopted", async () => {
    expect((await admin('GET', '/api/v1/guide')).json()).toEqual({ show: true, dismissed: false });
    const { call: other } = await userWithRole(edge, admin, {
      Inventory: { control: { enable: true }, isManagement: false },
    });

    const set = await admin('PATCH', '/api/v1/guide', { dismissed: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ show: false, dismissed: true });
    const again = caller(edge, await signIn(edge));
    expect((await again('GET', '/api/v1/guide')).json()).toEqual({ show: false, dismissed: true });
    expect((await other('GET', '/api/v1/guide')).json()).toEqual({ show: true, dismissed: false });
    expect((await admin('PATCH', '/api/v1/guide', { dismissed: 'yes' })).statusCode).toBe(400);

    const serial = `${uniquePrefix()}-G`;
    await edge.enrolment.provisionSerials([serial]);
    await enrolByHand(mqttUrl(edge), serial);
    expect((await other('GET', '/api/v1/guide')).json()).toEqual({ show: false, dismissed: false });
  });
});
