/**
 * Issue 17's second part on SQLite and PostgreSQL: a new message's deliveries are written in the message's
 * own transaction (a failure after them leaves neither); read state per user (counts, filters and the live
 * badge of two users apart); quiet hours hold non-critical deliveries to the end of the window in the
 * console's time zone, a contact's own quiet hours replacing the rule's for it; a critical message nobody
 * acknowledged escalates once to the rule's next contact, marked as escalated in the delivery log.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  LIVE_CHANNELS,
  messages as texts,
  type AlertMessageView,
  type ContactView,
  type DeliveryView,
  type EventRuleView,
} from '@edge/protocol';
import { DIALECTS, signIn, type TestConsole } from '../testing/harness.ts';
import { startListeningConsole } from '../testing/devices.ts';
import { caller, userWithRole, type Caller } from '../testing/accounts.ts';
import { openLive } from '../testing/live.ts';
import { startReceiver, type Receiver } from '../testing/http-receiver.ts';
import { consoleTimeZone, wallTime } from '../scheduler/zoned.ts';
import { alertServices, escalatingRule, expectRefusedInWords, MINUTE } from '../testing/alerts.ts';
import type { FreshHook, Raise } from '../messages/store.ts';
import type { MessageService } from '../messages/service.ts';
import { deliveryStore } from './deliveries.ts';
import type { NotifyService } from './service.ts';
import { escalateDue } from './wire.ts';
import { quietUntil } from './quiet.ts';

describe('quiet hours', () => {
  // 2026-11-26T22:30:15Z.
  const at = Date.UTC(2026, 10, 26, 22, 30, 15);
  test('inside a window crossing midnight: held to its end, in the given time zone', () => {
    expect(quietUntil(at, { from: '22:00', to: '07:00' }, 'UTC')).toBe(Date.UTC(2026, 10, 27, 7, 0, 0));
    // Taipei is UTC+8: 06:30 there, inside 22:00-07:00, ending at 07:00 local (23:00 UTC).
    expect(quietUntil(at, { from: '22:00', to: '07:00' }, 'Asia/Taipei')).toBe(Date.UTC(2026, 10, 26, 23));
  });
  test('outside the window, or none: not held', () => {
    expect(quietUntil(at, { from: '08:00', to: '18:00' }, 'UTC')).toBeUndefined();
    expect(quietUntil(at, { from: '', to: '' }, 'UTC')).toBeUndefined();
    expect(quietUntil(at, undefined, 'UTC')).toBeUndefined();
    // 06:30 in Taipei is outside 08:00-18:00 there too; 22:30 UTC is inside 22:00-23:00 UTC.
    expect(quietUntil(at, { from: '08:00', to: '18:00' }, 'Asia/Taipei')).toBeUndefined();
    expect(quietUntil(at, { from: '22:00', to: '23:00' }, 'UTC')).toBe(Date.UTC(2026, 10, 26, 23));
  });
});

describe.each(DIALECTS)('delivery queue, reads per user, quiet hours, escalation (%s)', (dialect) => {
  let edge: TestConsole;
  let admin: Caller;
  let receiver: Receiver;
  let alerts: ReturnType<typeof alertServices>;
  let messages: MessageService;
  let notify: NotifyService;
  const contactIds: number[] = [];
  let rule: EventRuleView;

  // Only the escalation test escalates (the others' messages must not come due while the file runs).
  const raise = (over: Partial<Raise> = {}): Promise<AlertMessageView> => alerts.raise(rule, over);
  const deliveriesOf = (messageId: number) =>
    edge.store.db
      .selectFrom('notify_deliveries')
      .select(['contact_id', 'next_at', 'created_at'])
      .where('message_id', '=', messageId)
      .orderBy('contact_id')
      .execute();

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    admin = caller(edge, await signIn(edge));
    receiver = await startReceiver();
    for (const name of ['first', 'second', 'escalation']) {
      const added = await admin('POST', '/api/v1/notify/contacts/add', {
        channel: 'webhook',
        configName: name,
        url: `${receiver.url}/${name}`,
        secret: 'hook-secret',
      });
      expect(added.statusCode, added.body).toBe(200);
      contactIds.push(added.json<{ id: number }>().id);
    }
    rule = await escalatingRule(admin, contactIds[2]!);
    for (const contactId of contactIds.slice(0, 2))
      expect((await admin('POST', '/api/v1/notify/add', { ruleId: rule.id, contactId })).statusCode).toBe(
        200,
      );

    alerts = alertServices(edge);
    ({ messages, notify } = alerts);
  }, 60_000);
  afterAll(async () => {
    await edge?.destroy();
    await receiver?.close();
  });

  test('a message and its deliveries are written together, or neither', async () => {
    const message = await raise();
    // Queued by the time the raise resolved: no listener had to run.
    expect((await deliveriesOf(message.id)).map((d) => d.contact_id)).toEqual(contactIds.slice(0, 2));

    // A failure after the deliveries were written (a crash before COMMIT): the message is not stored either.
    const crash: FreshHook = () => Promise.reject(new Error('crash before commit'));
    alerts.fresh.add(crash);
    const before = await edge.store.db
      .selectFrom('notify_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    try {
      await expect(raise()).rejects.toThrow('crash before commit');
    } finally {
      alerts.fresh.delete(crash);
    }
    expect(
      await edge.store.db
        .selectFrom('alert_messages')
        .select('id')
        .where('dedupe_key', '=', alerts.lastKey())
        .execute(),
    ).toEqual([]);
    const after = await edge.store.db
      .selectFrom('notify_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // And no delivery without its message (the foreign key holds on both databases).
    await expect(deliveryStore(edge.store.db).enqueue(999_999, [contactIds[0]!])).rejects.toThrow();
  });

  test('read and unread are kept per user: counts, filters and each live badge', async () => {
    const grants = { Message: { control: { enable: true }, isManagement: false } };
    const ann = await userWithRole(edge, admin, grants);
    const bob = await userWithRole(edge, admin, grants);
    const unreadOf = async (user: Caller) =>
      (await user('GET', '/api/v1/messages/list?severity=critical')).json<{ unreadCritical: number }>()
        .unreadCritical;
    const annBefore = await unreadOf(ann.call);
    const bobBefore = await unreadOf(bob.call);

    const annLive = await openLive(edge, ann.session.headers(false));
    annLive.subscribe(LIVE_CHANNELS.messages, [String(ann.id), String(bob.id)]);
    expect((await annLive.next(LIVE_CHANNELS.messages)).data).toEqual({ unreadCritical: annBefore });
    await annLive.settled();
    // Another user's key is refused: nothing of Bob's comes to Ann.
    expect(
      annLive.messages.filter((m) => m.key === String(bob.id) && m.channel === LIVE_CHANNELS.messages),
    ).toEqual([]);

    const message = await raise();
    expect(await unreadOf(ann.call)).toBe(annBefore + 1);
    expect(await unreadOf(bob.call)).toBe(bobBefore + 1);

    expect(
      (await ann.call('POST', '/api/v1/messages/read', { ids: [message.id], read: true })).statusCode,
    ).toBe(200);
    expect(await unreadOf(ann.call)).toBe(annBefore);
    expect(await unreadOf(bob.call)).toBe(bobBefore + 1);
    const seen = (user: Caller, filter: string) =>
      user('GET', `/api/v1/messages/list?read=${filter}&pageSize=100`).then((r) =>
        r.json<{ list: AlertMessageView[] }>().list.map((m) => m.id),
      );
    expect(await seen(ann.call, 'read')).toContain(message.id);
    expect(await seen(ann.call, 'unread')).not.toContain(message.id);
    expect(await seen(bob.call, 'unread')).toContain(message.id);
    expect((await bob.call('GET', `/api/v1/messages/detail?id=${message.id}`)).json().read).toBe(false);
    expect((await ann.call('GET', `/api/v1/messages/detail?id=${message.id}`)).json().read).toBe(true);

    // Ann's badge hears her own count go down (the console's own read route tells the channel).
    await annLive.next(LIVE_CHANNELS.messages, (d) => d.unreadCritical === annBefore);

    // Mark as unread is Ann's alone; a repeat makes it unread for everyone again.
    await ann.call('POST', '/api/v1/messages/read', { ids: [message.id], read: false });
    expect(await unreadOf(ann.call)).toBe(annBefore + 1);
    await bob.call('POST', '/api/v1/messages/read', { ids: [message.id], read: true });
    expect(await unreadOf(bob.call)).toBe(bobBefore);
    await messages.raise({ ...(await rawRaise(message)), at: Date.now() });
    expect(await unreadOf(bob.call)).toBe(bobBefore + 1);
    annLive.close();
  });

  /** The raise that would count up on the message (same key, within its window). */
  async function rawRaise(message: AlertMessageView): Promise<Raise> {
    const row = await edge.store.db
      .selectFrom('alert_messages')
      .select('dedupe_key')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    return {
      ruleId: rule.id,
      ruleName: rule.name,
      event: 'offline',
      severity: 'critical',
      deviceId: null,
      deviceName: message.deviceName,
      jobId: null,
      detail: message.detail,
      dedupeKey: row.dedupe_key,
      holdOffMs: 10 * MINUTE,
      at: Date.now(),
    };
  }

  test('quiet hours hold non-critical deliveries to the end of the window; critical ones go now', async () => {
    const now = Date.now();
    const wall = (at: number) => wallTime(at, consoleTimeZone()).slice(11, 16);
    const quiet = { from: wall(now - 30 * MINUTE), to: wall(now + 90 * MINUTE) };
    const warning = await raise({ severity: 'warning', quiet });
    const [held] = await deliveriesOf(warning.id);
    const end = Number(held!.next_at);
    expect(end).toBeGreaterThan(now + 88 * MINUTE);
    expect(end).toBeLessThanOrEqual(now + 91 * MINUTE);
    expect(wall(end)).toBe(quiet.to);
    const critical = await raise({ severity: 'critical', quiet });
    for (const d of await deliveriesOf(critical.id)) expect(Number(d.next_at)).toBe(Number(d.created_at));
  });

  test('a critical message nobody acknowledged escalates once to the next contact; a read one does not', async () => {
    const escalateMs = rule.escalateMinutes * MINUTE;
    const unattended = await raise({ escalateMs });
    const read = await raise({ escalateMs });
    const assigned = await raise({ escalateMs });
    await admin('POST', '/api/v1/messages/read', { ids: [read.id], read: true });
    expect(
      (await admin('POST', '/api/v1/todo/add', { title: 'Look', tasks: ['Check'], messageId: assigned.id }))
        .statusCode,
    ).toBe(200);
    // Not due yet: nothing escalates (the console's own task runs on the clock of now).
    expect(await escalateDue(messages, notify, Date.now())).toBe(0);
    const later = Date.now() + 2 * MINUTE;
    expect(await escalateDue(messages, notify, later)).toBeGreaterThanOrEqual(1);
    const escalation = contactIds[2]!;
    expect((await deliveriesOf(unattended.id)).map((d) => d.contact_id)).toContain(escalation);
    expect((await deliveriesOf(read.id)).map((d) => d.contact_id)).not.toContain(escalation);
    expect((await deliveriesOf(assigned.id)).map((d) => d.contact_id)).not.toContain(escalation);
    // Once: a second pass (or another replica) finds nothing left to escalate.
    expect(await escalateDue(messages, notify, later)).toBe(0);
    expect((await deliveriesOf(unattended.id)).filter((d) => d.contact_id === escalation)).toHaveLength(1);

    // The delivery log says which row escalation queued: the API's list, per message and in full.
    const logged = (query: string) =>
      admin('GET', `/api/v1/notify/deliveries${query}`).then((r) => r.json<{ list: DeliveryView[] }>().list);
    const ofUnattended = await logged(`?messageId=${unattended.id}`);
    expect(ofUnattended.map((d) => [d.contactId, d.escalated]).sort()).toEqual(
      [
        [contactIds[0], false],
        [contactIds[1], false],
        [escalation, true],
      ].sort(),
    );
    expect((await logged(`?messageId=${read.id}`)).every((d) => !d.escalated)).toBe(true);
    const all = await logged('');
    expect(all.filter((d) => d.escalated && d.messageId === unattended.id).map((d) => d.configName)).toEqual([
      'escalation',
    ]);
  });

  test('bad quiet hours and escalation are refused in their words, nothing written', async () => {
    // The console's worker keeps sending the deliveries above meanwhile: the rules are what must not change.
    const rules = () => edge.store.db.selectFrom('event_rules').selectAll().orderBy('id').execute();
    const before = await rules();
    const base = { name: 'R', description: 'D', events: ['offline'], allDevices: true, severity: 'critical' };
    await expectRefusedInWords(admin, '/api/v1/messages/rules/add', base, [
      [{ quietFrom: '22:00' }, 'notifyQuietHoursInvalid'],
      [{ quietFrom: '25:00', quietTo: '07:00' }, 'notifyQuietHoursInvalid'],
      [{ escalateMinutes: 5 }, 'notifyEscalateContactRequired'],
      [{ escalateMinutes: 5000, escalateContactId: contactIds[2] }, 'notifyEscalateRange'],
      [
        { escalateMinutes: 5, escalateContactId: contactIds[2], severity: 'warning' },
        'notifyEscalateCriticalOnly',
      ],
    ]);
    expect(await rules()).toEqual(before);
  });

  test("a contact's own quiet hours replace the rule's for that contact", async () => {
    const now = Date.now();
    const wall = (at: number) => wallTime(at, consoleTimeZone()).slice(11, 16);
    const around = { quietFrom: wall(now - 30 * MINUTE), quietTo: wall(now + 90 * MINUTE) };
    const later = { quietFrom: wall(now + 120 * MINUTE), quietTo: wall(now + 180 * MINUTE) };
    const add = async (configName: string, quiet: typeof around) => {
      const res = await admin('POST', '/api/v1/notify/contacts/add', {
        channel: 'webhook',
        configName,
        url: `${receiver.url}/${configName}`,
        secret: 'hook-secret',
        ...quiet,
      });
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json<ContactView>();
      // Kept and answered with the contact's other settings.
      expect(view.settings).toMatchObject(quiet);
      expect(
        (await admin('POST', '/api/v1/notify/add', { ruleId: rule.id, contactId: view.id })).statusCode,
      ).toBe(200);
      return view.id;
    };
    const night = await add('night', around);
    const day = await add('day', later);
    const dueOf = async (messageId: number) =>
      new Map((await deliveriesOf(messageId)).map((d) => [d.contact_id, Number(d.next_at)]));

    // The rule has no quiet hours: only the contact whose own window is now waits, to that window's end.
    const plain = await dueOf((await raise({ severity: 'warning', quiet: { from: '', to: '' } })).id);
    expect(wall(plain.get(night)!)).toBe(around.quietTo);
    expect(plain.get(night)!).toBeGreaterThan(now + 88 * MINUTE);
    for (const id of [contactIds[0]!, contactIds[1]!, day]) expect(plain.get(id)!).toBeLessThan(now + MINUTE);

    // The rule's quiet hours are now: contacts without their own wait for the rule's end; the contact whose
    // own window is later is not held by the rule's.
    const ruleQuiet = { from: wall(now - 10 * MINUTE), to: wall(now + 40 * MINUTE) };
    const held = await dueOf((await raise({ severity: 'warning', quiet: ruleQuiet })).id);
    expect(wall(held.get(contactIds[0]!)!)).toBe(ruleQuiet.to);
    expect(wall(held.get(night)!)).toBe(around.quietTo);
    expect(held.get(day)!).toBeLessThan(now + MINUTE);

    // Critical goes to every contact at once, quiet hours or not.
    const critical = await dueOf((await raise({ severity: 'critical', quiet: ruleQuiet })).id);
    for (const due of critical.values()) expect(due).toBeLessThan(now + MINUTE);

    // An edit changes the window; both ends or neither, in the rule's words, nothing written.
    const contacts = () => edge.store.db.selectFrom('notify_contacts').selectAll().orderBy('id').execute();
    const before = await contacts();
    const webhook = { channel: 'webhook', configName: 'night', url: `${receiver.url}/night` };
    for (const [path, body] of [
      ['add', { ...webhook, secret: 's', quietFrom: '22:00' }],
      ['add', { ...webhook, secret: 's', quietFrom: '22:00', quietTo: '24:00' }],
      ['edit', { ...webhook, id: night, quietTo: '07:00' }],
      ['edit', { ...webhook, id: night, quietFrom: '7:00', quietTo: '08:00' }],
    ] as const) {
      const res = await admin(path === 'add' ? 'POST' : 'PATCH', `/api/v1/notify/contacts/${path}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().err_message).toBe(texts.notifyQuietHoursInvalid);
    }
    expect(await contacts()).toEqual(before);
    const edited = await admin('PATCH', '/api/v1/notify/contacts/edit', { ...webhook, id: night });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ContactView>().settings).toMatchObject({ quietFrom: '', quietTo: '' });
    const after = await dueOf((await raise({ severity: 'warning', quiet: { from: '', to: '' } })).id);
    expect(after.get(night)!).toBeLessThan(now + 2 * MINUTE);
  });
});
