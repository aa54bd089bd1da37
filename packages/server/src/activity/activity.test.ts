import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';

const LIST = '/api/v1/settings/activity/list';

describe.each(DIALECTS)('activity log (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
    for (let i = 0; i < 12; i++) {
      await admin('PATCH', '/api/v1/settings/company', { name: `Company ${i}` });
    }
    await caller(edge, undefined, '10.1.2.3')('POST', '/api/v1/auth/login', {
      name: 'admin',
      password: 'wrong-password',
    });
  });
  afterAll(async () => edge?.destroy());

  it('lists newest first, 10 to a page by default, with who, what, when and from where', async () => {
    const res = await admin('GET', LIST);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pageSize: 10, totalNumber: 14 });
    expect(page.list).toHaveLength(10);
    const dates = page.list.map((r: { date: number }) => r.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(page.list[0]).toMatchObject({
      userName: 'admin',
      action: 'auth.login',
      target: '/api/v1/auth/login',
      ip: '10.1.2.3',
      statusCode: 401,
    });
    expect(page.list[1]).toMatchObject({
      userName: 'admin',
      action: 'company.edit',
      target: '/api/v1/settings/company',
      ip: '127.0.0.1',
      statusCode: 200,
    });
  });

  it('pages through the rest', async () => {
    const second = (await admin('GET', `${LIST}?page=2`)).json();
    expect(second).toMatchObject({ page: 2, pageSize: 10, totalNumber: 14 });
    expect(second.list).toHaveLength(4);
    expect(second.list.at(-1).action).toBe('auth.login');
    const wide = (await admin('GET', `${LIST}?pageSize=40`)).json();
    expect(wide.list).toHaveLength(14);
    const ids = [...(await admin('GET', LIST)).json().list, ...second.list].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(14);
  });

  it('refuses a page or page size out of range', async () => {
    for (const query of ['page=0', 'pageSize=0', 'pageSize=101', 'page=x']) {
      expect((await admin('GET', `${LIST}?${query}`)).statusCode, query).toBe(400);
    }
  });
});
