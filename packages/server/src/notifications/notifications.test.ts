import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_KEPT, NOTIFICATIONS_PATH, messages } from '@edge/protocol';
import { DIALECTS, signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, snapshot, userWithRole, type Caller } from '../testing/accounts.ts';

const entry = (id: string, date: number, extra: object = {}) => ({
  id,
  level: 'check',
  type: 'toast',
  value: `Saved ${id}`,
  date,
  ...extra,
});

describe.each(DIALECTS)('notification list (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    edge = await startTestConsole(dialect);
    admin = caller(edge, await signIn(edge));
  });
  afterAll(async () => edge?.destroy());

  it('keeps entries per user, newest first, unread until read, across sessions', async () => {
    expect((await admin('POST', NOTIFICATIONS_PATH, entry('a1', 1000))).json()).toMatchObject({
      id: 'a1',
      progress: 100,
      read: false,
    });
    await admin(
      'POST',
      NOTIFICATIONS_PATH,
      entry('a2', 2000, { level: 'info', progress: 0, type: 'upload' }),
    );
    // Another tab (another session of the same user) sees the same list.
    const otherTab = caller(edge, await signIn(edge));
    const list = (await otherTab('GET', NOTIFICATIONS_PATH)).json();
    expect(list.unread).toBe(2);
    expect(list.list.map((e: { id: string }) => e.id)).toEqual(['a2', 'a1']);

    const moved = await otherTab('PATCH', `${NOTIFICATIONS_PATH}/a2`, { progress: 100, level: 'check' });
    expect(moved.json()).toMatchObject({ id: 'a2', progress: 100, level: 'check' });
    expect((await admin('POST', `${NOTIFICATIONS_PATH}/read`)).statusCode).toBe(200);
    expect((await otherTab('GET', NOTIFICATIONS_PATH)).json()).toMatchObject({
      unread: 0,
      list: [
        { id: 'a2', read: true },
        { id: 'a1', read: true },
      ],
    });
  });

  it('shows a user only their own list', async () => {
    const user = await userWithRole(edge, admin, {});
    expect((await user.call('GET', NOTIFICATIONS_PATH)).json()).toEqual({ list: [], unread: 0 });
    await user.call('POST', NOTIFICATIONS_PATH, entry('u1', 3000));
    expect((await user.call('PATCH', `${NOTIFICATIONS_PATH}/a1`, { progress: 50 })).statusCode).toBe(404);
    expect((await admin('GET', NOTIFICATIONS_PATH)).json().list.map((e: { id: string }) => e.id)).toEqual([
      'a2',
      'a1',
    ]);
  });

  it('adds a retried entry once and keeps only the newest entries', async () => {
    await admin('DELETE', NOTIFICATIONS_PATH);
    await admin('POST', NOTIFICATIONS_PATH, entry('same', 10));
    await admin('POST', NOTIFICATIONS_PATH, entry('same', 10));
    expect((await admin('GET', NOTIFICATIONS_PATH)).json().list).toHaveLength(1);
    for (let n = 0; n < NOTIFICATIONS_KEPT; n++)
      await admin('POST', NOTIFICATIONS_PATH, entry(`k${n}`, 100 + n));
    const { list } = (await admin('GET', NOTIFICATIONS_PATH)).json();
    expect(list).toHaveLength(NOTIFICATIONS_KEPT);
    expect(list.some((e: { id: string }) => e.id === 'same')).toBe(false);
  }, 120_000);

  it('refuses bad input with 400 in words and changes nothing; signed out gets 401', async () => {
    const before = await snapshot(edge);
    const bad: object[] = [
      entry('x', 1, { level: 'loud' }),
      entry('has space', 1),
      entry('x', 1, { progress: 101 }),
      entry('x', 1, { value: 'v'.repeat(1001) }),
    ];
    for (const body of bad) {
      const res = await admin('POST', NOTIFICATIONS_PATH, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().err_message).toBeTruthy();
      expect(res.json().err_code).toBeTruthy();
    }
    expect((await admin('PATCH', `${NOTIFICATIONS_PATH}/k1`, { progress: -1 })).statusCode).toBe(400);
    expect((await admin('PATCH', `${NOTIFICATIONS_PATH}/missing`, { progress: 1 })).json().err_message).toBe(
      messages.notFound,
    );
    expect((await caller(edge)('GET', NOTIFICATIONS_PATH)).statusCode).toBe(401);
    expect(await snapshot(edge)).toBe(before);
  });
});
