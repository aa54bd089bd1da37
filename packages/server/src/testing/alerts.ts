/**
 * Messages and Notification as a test drives them over a console's store: its own message and notify
 * services (deliveries queued in each new message's transaction, as the console's module does), a raiser of
 * new messages for a rule, and a message as the channels send it.
 */
import { expect } from 'vitest';
import {
  messages,
  type AlertMessageView,
  type EventRuleView,
  type MessageCode,
  type NotifyPayload,
} from '@edge/protocol';
import type { Console } from '../app.ts';
import { ruleStore } from '../messages/rules.ts';
import { messageStore, type FreshHook, type Raise } from '../messages/store.ts';
import { messageService } from '../messages/service.ts';
import { contactStore } from '../notify/contacts.ts';
import { deliveryStore } from '../notify/deliveries.ts';
import { linkStore } from '../notify/links.ts';
import { notifyService } from '../notify/service.ts';
import { notifyMessages } from '../notify/wire.ts';
import type { Caller } from './accounts.ts';

const silent = { info() {}, warn() {}, error() {} };
export const MINUTE = 60_000;

/** A critical message as every channel sends it. */
export const samplePayload: NotifyPayload = {
  id: 7,
  ruleName: 'Gateway down',
  event: 'offline',
  severity: 'critical',
  deviceId: 'd1',
  deviceName: 'gw-lobby',
  detail: 'The device went offline.',
  createdAt: Date.UTC(2026, 10, 26, 8, 0, 0),
};

/**
 * The test's own message and notify services over the console's store; `fresh` holds the hooks run in a
 * new message's transaction (a test adds one to fail it). The console's own worker sends what they queue.
 */
export function alertServices(edge: Console) {
  const db = edge.store.db;
  const fresh = new Set<FreshHook>();
  const service = messageService({
    rules: ruleStore(db),
    store: messageStore(db, fresh),
    fresh,
    log: silent,
  });
  const notify = notifyService({
    contacts: contactStore(db, edge.secrets),
    links: linkStore(db),
    deliveries: deliveryStore(db),
    kick: () => undefined,
  });
  notifyMessages(service, notify, () => undefined);

  let seq = 0;
  /** The dedupe key of the last message raised (`<prefix>|<n>`). */
  let lastKey = '';
  /**
   * Raises a new message of the rule (a key of its own each time) and answers it as stored. It does not
   * escalate unless `escalateMs` says so, and keeps the rule's quiet hours unless told others.
   */
  async function raise(
    rule: EventRuleView,
    over: Partial<Raise> = {},
    prefix = 'test',
  ): Promise<AlertMessageView> {
    seq += 1;
    lastKey = `${prefix}|${seq}`;
    const r: Raise = {
      ruleId: rule.id,
      ruleName: rule.name,
      event: 'offline',
      severity: 'critical',
      deviceId: null,
      deviceName: `dev-${seq}`,
      jobId: null,
      detail: 'The device went offline.',
      dedupeKey: lastKey,
      holdOffMs: 10 * MINUTE,
      at: Date.now(),
      escalateMs: 0,
      quiet: { from: rule.quietFrom, to: rule.quietTo },
      ...over,
    };
    await service.raise(r);
    const row = await db
      .selectFrom('alert_messages')
      .select('id')
      .where('dedupe_key', '=', r.dedupeKey)
      .executeTakeFirstOrThrow();
    return service.get(row.id);
  }
  return { messages: service, notify, fresh, raise, lastKey: () => lastKey };
}

/** The rule the notification tests raise for: every device going offline, critical, escalating after a minute. */
export async function escalatingRule(call: Caller, escalateContactId: number): Promise<EventRuleView> {
  const made = await call('POST', '/api/v1/messages/rules/add', {
    name: 'Down',
    description: 'Devices down',
    events: ['offline'],
    allDevices: true,
    severity: 'critical',
    escalateMinutes: 1,
    escalateContactId,
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json<EventRuleView>();
}

/** Each change to `base` is refused (400) with the words of its message code. */
export async function expectRefusedInWords(
  call: Caller,
  path: string,
  base: Record<string, unknown>,
  cases: readonly (readonly [Record<string, unknown>, MessageCode])[],
): Promise<void> {
  for (const [change, code] of cases) {
    const res = await call('POST', path, { ...base, ...change });
    expect(res.statusCode, JSON.stringify(change)).toBe(400);
    expect(res.json<{ err_message: string }>().err_message).toBe(messages[code]);
  }
}
