/**
 * The delivery queue: one row per message and contact (unique, so a message never queues twice for one
 * contact), claimed by lease before it is sent, so two replicas or a restarted console never send one row at
 * the same time; a claim left by a console that died expires and the row is tried again.
 */
import type { DeliveryView, NotifyChannel } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { Outcome } from './send.ts';

export const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 15 * 60_000;

/** The wait after `attempts` failed tries without a Retry-After: 2 s, 4 s, 8 s ... at most 15 minutes. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));

export interface Due {
  id: number;
  messageId: number;
  contactId: number;
  attempts: number;
  sentTo: string[];
}

export function deliveryStore(db: Db) {
  const joined = () =>
    db
      .selectFrom('notify_deliveries as d')
      .innerJoin('notify_contacts as c', 'c.id', 'd.contact_id')
      .select([
        'd.id',
        'd.message_id',
        'd.contact_id',
        'd.state',
        'd.attempts',
        'd.next_at',
        'd.last_status',
        'd.last_answer',
        'd.created_at',
        'd.delivered_at',
        'd.escalated',
        'c.config_name',
        'c.channel',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof joined>['executeTakeFirstOrThrow']>>;
  const viewOf = (r: Row): DeliveryView => ({
    id: r.id,
    messageId: r.message_id,
    contactId: r.contact_id,
    configName: r.config_name,
    channel: r.channel as NotifyChannel,
    state: r.state as DeliveryView['state'],
    attempts: r.attempts,
    nextAt: r.next_at === null ? null : Number(r.next_at),
    lastStatus: r.last_status,
    lastAnswer: r.last_answer,
    createdAt: Number(r.created_at),
    deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
    escalated: Number(r.escalated) === 1,
  });

  return {
    /**
     * Queues the message for each contact not queued for it yet, to go out at `dueAt(contact)` (now by
     * default: quiet hours differ per contact); `escalated` marks the rows escalation queued.
     */
    async enqueue(
      messageId: number,
      contactIds: number[],
      opts: { now?: number; dueAt?: (contactId: number) => number; escalated?: boolean } = {},
    ): Promise<void> {
      if (!contactIds.length) return;
      const now = opts.now ?? Date.now();
      await db
        .insertInto('notify_deliveries')
        .values(
          contactIds.map((contact_id) => ({
            message_id: messageId,
            contact_id,
            state: 'pending',
            next_at: opts.dueAt?.(contact_id) ?? now,
            created_at: now,
            escalated: opts.escalated ? 1 : 0,
          })),
        )
        .onConflict((oc) => oc.columns(['message_id', 'contact_id']).doNothing())
        .execute();
    },

    /** Pending rows due now, unclaimed, whose contact is not paused. */
    async due(now: number, limit: number): Promise<Due[]> {
      const rows = await db
        .selectFrom('notify_deliveries as d')
        .innerJoin('notify_contacts as c', 'c.id', 'd.contact_id')
        .select(['d.id', 'd.message_id', 'd.contact_id', 'd.attempts', 'd.sent_to'])
        .where('d.state', '=', 'pending')
        .where('d.next_at', '<=', now)
        .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', now)]))
        .where((eb) => eb.or([eb('c.paused_until', 'is', null), eb('c.paused_until', '<=', now)]))
        .orderBy('d.next_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        messageId: r.message_id,
        contactId: r.contact_id,
        attempts: r.attempts,
        sentTo: JSON.parse(r.sent_to) as string[],
      }));
    },

    /** Takes the row for `owner` unless another console holds it or it is no longer pending. */
    async claim(id: number, owner: string, now: number): Promise<boolean> {
      const done = await db
        .updateTable('notify_deliveries')
        .set({ lease_owner: owner, lease_until: now + LEASE_MS })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    /** Records the attempt; resolves with when to try again (undefined when it is over). */
    async settle(due: Due, owner: string, outcome: Outcome, now: number): Promise<number | undefined> {
      const attempts = due.attempts + 1;
      const retryAt =
        !outcome.ok && outcome.retry && attempts < MAX_ATTEMPTS
          ? now + (outcome.retryAfterMs ?? backoffMs(attempts))
          : undefined;
      await db
        .updateTable('notify_deliveries')
        .set({
          state: outcome.ok ? 'delivered' : retryAt === undefined ? 'failed' : 'pending',
          attempts,
          next_at: retryAt ?? null,
          lease_owner: null,
          lease_until: null,
          sent_to: JSON.stringify(outcome.sentTo),
          last_status: outcome.status,
          last_answer: outcome.answer,
          delivered_at: outcome.ok ? now : null,
        })
        .where('id', '=', due.id)
        .where('lease_owner', '=', owner)
        .execute();
      return retryAt;
    },

    async list(messageId?: number): Promise<DeliveryView[]> {
      let q = joined();
      if (messageId !== undefined) q = q.where('d.message_id', '=', messageId);
      return (await q.orderBy('d.id', 'desc').limit(500).execute()).map(viewOf);
    },

    /** Whether the message reached the contact (delivered, escalated or not). */
    async delivered(messageId: number, contactId: number): Promise<boolean> {
      const row = await db
        .selectFrom('notify_deliveries')
        .select('id')
        .where('message_id', '=', messageId)
        .where('contact_id', '=', contactId)
        .where('state', '=', 'delivered')
        .executeTakeFirst();
      return row !== undefined;
    },

    async view(id: number): Promise<DeliveryView | undefined> {
      const row = await joined().where('d.id', '=', id).executeTakeFirst();
      return row && viewOf(row);
    },

    /** An operator's resend: the row is pending again, for every receiver, from its first attempt. */
    async resend(id: number, now = Date.now()): Promise<boolean> {
      const done = await db
        .updateTable('notify_deliveries')
        .set({
          state: 'pending',
          attempts: 0,
          next_at: now,
          sent_to: '[]',
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
  };
}
export type DeliveryStore = ReturnType<typeof deliveryStore>;
