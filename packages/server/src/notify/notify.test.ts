/**
 * From a device going offline to people: the rule makes one message (a flap counts up on it), an e-mail
 * reaches a local SMTP server, a webhook and Telegram-style bot calls reach a local HTTP receiver with the
 * right body and signature; a receiver failing twice gets the third try, nothing is sent twice, and a
 * delivery pending across a console restart is delivered once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { LIVE_CHANNELS, deviceTopic, type AlertMessageView, type DeliveryView } from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';
import {
  connectAs,
  enrolByHand,
  mqttUrl,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type HandDevice,
} from '../testing/devices.ts';
import { startMailServer } from '../testing/mail-server.ts';
import { startReceiver, type Receiver } from '../testing/http-receiver.ts';
import { openLive } from '../testing/live.ts';
import { webhookSignature } from './channels.ts';

const MAIL_ACCOUNT = { name: 'alerts', password: 'Mail-pass-2026' };
const HOOK_SECRET = 'hook-secret-1';
const BOT_TOKEN = '123456:ABC-test';

describe.each(DIALECTS)('event rules to notifications (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let session: Awaited<ReturnType<typeof signIn>>;
  let device: HandDevice;
  let client: MqttClient;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let receiver: Receiver;
  const ids = { offlineRule: 0, alarmRule: 0, email: 0, webhook: 0, telegram: 0 };

  const status = (word: 'online' | 'offline') =>
    client.publishAsync(deviceTopic(device.deviceId, 'status'), word, { qos: 1, retain: true });
  const alarm = (code: string) =>
    client.publishAsync(
      deviceTopic(device.deviceId, 'events'),
      JSON.stringify({
        ts: Date.now(),
        level: 'error',
        program: 'watchdog',
        message: `alarm ${code}`,
        alarm: { code, active: true },
      }),
      { qos: 1 },
    );
  const listOf = async (query = ''): Promise<AlertMessageView[]> =>
    (await admin('GET', `/api/v1/messages/list?pageSize=100${query}`)).json().list;
  // By the alarm's own code: the key word also matches the device's serial, which may hold "A2" itself.
  const alarmMessage = async (code: string): Promise<AlertMessageView | undefined> =>
    (await listOf(`&key=${code}`)).find((m) => m.event === 'alarm' && m.detail.startsWith(`Alarm ${code}:`));
  const deliveries = async (messageId: number): Promise<DeliveryView[]> =>
    (await admin('GET', `/api/v1/notify/deliveries?messageId=${messageId}`)).json().list;
  const hookCallsOf = (messageId: number) =>
    receiver.calls.filter(
      (c) =>
        c.url === '/hook' && (JSON.parse(c.body) as { message: { id: number } }).message.id === messageId,
    );
  const add = async (path: string, body: object): Promise<number> => {
    const res = await admin('POST', path, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id;
  };

  beforeAll(async () => {
    mail = await startMailServer(MAIL_ACCOUNT);
    receiver = await startReceiver();
    // As the Bot API answers: 200 with ok true (ok false is a failure whatever the status).
    receiver.always('/bot', { status: 200, body: '{"ok":true,"result":{"message_id":1}}' });
    edge = await startListeningConsole(dialect);
    session = await signIn(edge);
    admin = caller(edge, session);
    const serial = `${uniquePrefix()}-1`;
    await edge.enrolment.provisionSerials([serial]);
    device = await enrolByHand(mqttUrl(edge), serial);
    client = await connectAs(mqttUrl(edge), device);
    await status('online');
    await waitFor(() => edge.devices.get(device.deviceId)?.online, 'the device online');

    ids.offlineRule = await add('/api/v1/messages/rules/add', {
      name: 'Gateway down',
      description: 'A gateway stopped reporting',
      events: ['offline'],
      deviceIds: [device.deviceId],
      severity: 'critical',
      holdOffMinutes: 10,
    });
    ids.alarmRule = await add('/api/v1/messages/rules/add', {
      name: 'Alarms',
      description: 'Any alarm a device raises',
      events: ['alarm'],
      allDevices: true,
      severity: 'warning',
    });
    ids.email = await add('/api/v1/notify/contacts/add', {
      channel: 'email',
      configName: 'NOC mail',
      smtpServer: '127.0.0.1',
      port: mail.port,
      userName: MAIL_ACCOUNT.name,
      password: MAIL_ACCOUNT.password,
      sender: 'console@acme.com',
      receivers: ['noc@acme.com', 'oncall@acme.com'],
    });
    ids.webhook = await add('/api/v1/notify/contacts/add', {
      channel: 'webhook',
      configName: 'Ops hook',
      url: `${receiver.url}/hook`,
      secret: HOOK_SECRET,
    });
    ids.telegram = await add('/api/v1/notify/contacts/add', {
      channel: 'telegram',
      configName: 'Ops chat',
      baseUrl: receiver.url,
      token: BOT_TOKEN,
      receivers: ['-100200', '300'],
    });
    for (const contactId of [ids.email, ids.webhook, ids.telegram])
      await add('/api/v1/notify/add', { ruleId: ids.offlineRule, contactId });
    await add('/api/v1/notify/add', { ruleId: ids.alarmRule, contactId: ids.webhook });
  }, 60_000);
  afterAll(async () => {
    client?.end(true);
    await edge?.destroy();
    await mail?.close();
    await receiver?.close();
  });

  test('secrets are sealed at rest and never answered', async () => {
    const rows = await edge.store.db.selectFrom('notify_contacts').selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const secret of [MAIL_ACCOUNT.password, HOOK_SECRET, BOT_TOKEN])
      expect(stored).not.toContain(secret);
    const { list } = (await admin('GET', '/api/v1/notify/contacts/list')).json();
    expect(JSON.stringify(list)).not.toContain(HOOK_SECRET);
    expect(list.find((c: { id: number }) => c.id === ids.webhook).secrets).toEqual(['secret']);
  });

  test('a device going offline (and flapping) makes one message, delivered once on every channel', async () => {
    const live = await openLive(edge, session.headers(false));
    // The badge's key is the user's own id (read state is per user).
    const me = await edge.store.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    live.subscribe(LIVE_CHANNELS.messages, [String(me.id)]);
    expect((await live.next(LIVE_CHANNELS.messages)).data).toEqual({ unreadCritical: 0 });
    await status('offline');
    // The badge's channel: the new critical message and the unread count, live.
    const pushed = await live.next(LIVE_CHANNELS.messages, (d) => d.message !== undefined);
    expect(pushed.data).toMatchObject({ unreadCritical: 1, message: { event: 'offline', count: 1 } });
    live.close();
    const [message] = await waitFor(async () => {
      const list = await listOf('&severity=critical');
      return list.length > 0 && list;
    }, 'the offline message');
    expect(message).toMatchObject({
      ruleName: 'Gateway down',
      event: 'offline',
      severity: 'critical',
      deviceId: device.deviceId,
      count: 1,
      read: false,
    });

    await waitFor(
      async () => (await deliveries(message!.id)).every((d) => d.state === 'delivered') && true,
      'delivered',
      30_000,
    );
    expect(mail.received).toHaveLength(1);
    expect(mail.received[0]!.to.sort()).toEqual(['noc@acme.com', 'oncall@acme.com']);
    expect(mail.received[0]!.data).toContain('Gateway down');

    const [hook] = hookCallsOf(message!.id);
    const timestamp = String(hook!.headers['x-edge-timestamp']);
    expect(hook!.headers['x-edge-signature']).toBe(webhookSignature(HOOK_SECRET, timestamp, hook!.body));
    expect(JSON.parse(hook!.body).message).toMatchObject({
      id: message!.id,
      severity: 'critical',
      event: 'offline',
    });

    const bot = receiver.calls.filter((c) => c.url === `/bot${BOT_TOKEN}/sendMessage`);
    expect(bot.map((c) => JSON.parse(c.body).chat_id).sort()).toEqual(['-100200', '300']);
    expect(JSON.parse(bot[0]!.body).text).toContain('Gateway down');

    // Flapping within the hold-off window: the same message counts up; nothing more is sent.
    await status('online');
    await waitFor(() => edge.devices.get(device.deviceId)?.online, 'back online');
    await status('offline');
    await waitFor(async () => (await listOf('&severity=critical'))[0]?.count === 2, 'the message counted up');
    expect(await listOf('&severity=critical')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(mail.received).toHaveLength(1);
    expect(hookCallsOf(message!.id)).toHaveLength(1);
    await status('online');
  }, 90_000);

  test('a receiver answering 500 twice gets the third try, and nothing twice', async () => {
    receiver.queue('/hook', { status: 500, headers: { 'retry-after': '1' } }, { status: 500 });
    await alarm('A1');
    const message = await waitFor(() => alarmMessage('A1'), 'the alarm message');
    const [done] = await waitFor(
      async () => {
        const list = await deliveries(message.id);
        return list[0]?.state === 'delivered' && list;
      },
      'delivered on the third try',
      40_000,
    );
    expect(done).toMatchObject({ attempts: 3, lastStatus: 200, configName: 'Ops hook' });
    await new Promise((r) => setTimeout(r, 2000));
    expect(hookCallsOf(message.id).map(() => 1)).toHaveLength(3);
  }, 60_000);

  test('a delivery pending across a console restart is delivered once', async () => {
    // Retry-After long enough that the retry is still ahead at the restart even when a loaded machine
    // polls slowly (with 2 s, the retry could be done before a poll saw the first failure).
    receiver.queue('/hook', { status: 503, headers: { 'retry-after': '8' } });
    await alarm('A2');
    const message = await waitFor(() => alarmMessage('A2'), 'the second alarm message');
    const failed = await waitFor(async () => {
      const first = (await deliveries(message.id))[0];
      return first && first.attempts >= 1 && first;
    }, 'the first try failed');
    expect(failed).toMatchObject({ attempts: 1 });
    expect(failed.state).not.toBe('delivered');
    client.end(true);
    edge = await edge.reopen();
    admin = caller(edge, await signIn(edge));
    await waitFor(
      async () => (await deliveries(message.id))[0]?.state === 'delivered',
      'delivered after restart',
      30_000,
    );
    await new Promise((r) => setTimeout(r, 2000));
    const calls = hookCallsOf(message.id);
    expect(calls).toHaveLength(2);
    expect((await deliveries(message.id))[0]).toMatchObject({ attempts: 2, state: 'delivered' });
  }, 60_000);

  test('a test send per contact, and a failing one says why', async () => {
    const before = receiver.calls.length;
    const ok = await admin('POST', '/api/v1/notify/contacts/test', { id: ids.telegram });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(receiver.calls.length).toBe(before + 2);
    receiver.queue('/hook', { status: 401, body: '{"error":"bad signature"}' });
    const bad = await admin('POST', '/api/v1/notify/contacts/test', { id: ids.webhook });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().err_message).toContain('bad signature');
  });
});
