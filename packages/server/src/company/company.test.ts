import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type MessageCode } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, type Caller } from '../testing/accounts.ts';

const COMPANY = '/api/v1/settings/company';
const profile = {
  name: 'Acme Networks',
  address: '1 Fibre Road',
  contactName: 'Ada',
  contactEmail: 'noc@acme.com',
  contactPhone: '+44 (20) 7946-0000',
  postalCode: 'EC1A 1BB',
  status: 1,
  description: 'Regional ISP',
  notifyUserName: 'noc',
  businessAdministrationNumber: '12-345-678',
};

describe.each(DIALECTS)('company profile (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => edge?.destroy());

  it('starts empty and keeps what is saved', async () => {
    expect((await admin('GET', COMPANY)).json()).toMatchObject({ id: 1, name: '', status: 1 });
    const saved = await admin('PATCH', COMPANY, profile);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ id: 1, ...profile });
    expect((await admin('GET', COMPANY)).json()).toEqual({ id: 1, ...profile });
  });

  it('validates: 400 with the message, nothing written', async () => {
    const cases: [object, MessageCode][] = [
      [{ name: '' }, 'companyNameEmpty'],
      [{ name: ' ' }, 'companyNameEmpty'],
      [{ name: 'n'.repeat(129) }, 'textTooLong'],
      [{ contactEmail: 'not-an-email' }, 'emailFormat'],
      [{ contactPhone: 'call me' }, 'phoneFormat'],
      [{ postalCode: 'p'.repeat(17) }, 'textTooLong'],
    ];
    const before = await snapshot(edge);
    for (const [overrides, code] of cases) {
      const res = await admin('PATCH', COMPANY, { ...profile, ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ err_message: messages[code], err_code: code });
    }
    expect(await snapshot(edge)).toBe(before);
    expect(
      (await admin('PATCH', COMPANY, { name: 'Only a name', contactEmail: '', contactPhone: '' })).statusCode,
    ).toBe(200);
  });
});
