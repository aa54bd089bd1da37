/**
 * The notification list's live channel across replicas: two consoles on one PostgreSQL database and the
 * shared Mosquitto (as a deployment with MQTT_URL runs them). A tab connected to B hears at once of an entry
 * another tab added through A, and of A marking the list read: the change is announced on the console bus
 * and B reads the list for its own subscriber. PostgreSQL only: SQLite is the single-replica store.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIVE_CHANNELS, NOTIFICATIONS_PATH } from '@edge/protocol';
import { signIn, type TestConsole } from '../testing/harness.ts';
import { startListeningConsole, uniquePrefix } from '../testing/devices.ts';
import { caller } from '../testing/accounts.ts';
import { openLive, type LiveClient } from '../testing/live.ts';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

describe.skipIf(process.env.SKIP_POSTGRES)('notification list on two consoles, one database', () => {
  let a: TestConsole;
  let b: TestConsole;
  let onB: LiveClient | undefined;

  beforeAll(async () => {
    const group = `test-${uniquePrefix().toLowerCase()}`;
    a = await startListeningConsole('postgres', { mqttUrl: BROKER, mqttShareGroup: group });
    // B on A's database (the harness makes no database of its own for 'sqlite'; the URL decides).
    b = await startListeningConsole('sqlite', {
      databaseUrl: a.config.databaseUrl,
      mqttUrl: BROKER,
      mqttShareGroup: group,
    });
  }, 90_000);
  afterAll(async () => {
    onB?.close();
    await b?.destroy();
    await a?.destroy();
  });

  test('a change made through one console reaches a tab on the other at once', async () => {
    const tabOnA = caller(a, await signIn(a));
    const me = (await tabOnA('GET', '/api/v1/settings/account/getAccountInfo')).json<{ id: number }>().id;
    // Another tab of the same user, on B (sessions live in the shared database).
    onB = await openLive(b, (await signIn(b)).headers(false));
    onB.subscribe(LIVE_CHANNELS.notifications, [String(me)]);
    expect((await onB.next(LIVE_CHANNELS.notifications)).data).toEqual({ list: [], unread: 0 });

    const entry = { id: 'via-a', level: 'check', type: 'toast', value: 'Saved on A', date: 7 };
    expect((await tabOnA('POST', NOTIFICATIONS_PATH, entry)).statusCode).toBe(200);
    const added = await onB.next(LIVE_CHANNELS.notifications, (d) => d.list.some((e) => e.id === 'via-a'));
    expect(added.data).toMatchObject({
      unread: 1,
      list: [{ id: 'via-a', value: 'Saved on A', read: false }],
    });

    expect((await tabOnA('POST', `${NOTIFICATIONS_PATH}/read`)).statusCode).toBe(200);
    await onB.next(LIVE_CHANNELS.notifications, (d) => d.unread === 0 && d.list.length === 1);
  });
});
