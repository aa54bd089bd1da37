/** Event rules (SPEC 3): their store, and the enabled ones kept in memory for the engine (read on every report). */
import type { Selectable } from 'kysely';
import type { EventRuleRequest, EventRuleView, RuleEvent, Severity } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import type { EventRulesTable } from '../db/schema-alerts.ts';
import { fail } from '../http/errors.ts';

const viewOf = (r: Selectable<EventRulesTable>): EventRuleView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  events: JSON.parse(r.events) as RuleEvent[],
  allDevices: r.all_devices === 1,
  deviceIds: JSON.parse(r.device_ids) as string[],
  groupIds: JSON.parse(r.group_ids) as number[],
  controller: r.controller === 1,
  profileIds: JSON.parse(r.profile_ids) as number[],
  severity: r.severity as Severity,
  holdOffMinutes: r.hold_off_minutes,
  enabled: r.enabled === 1,
  quietFrom: r.quiet_from,
  quietTo: r.quiet_to,
  escalateMinutes: r.escalate_minutes,
  escalateContactId: r.escalate_contact_id,
  createdAt: Number(r.created_at),
});

const rowOf = (r: EventRuleRequest) => ({
  name: r.name.trim(),
  description: r.description.trim(),
  events: JSON.stringify([...new Set(r.events)]),
  all_devices: r.allDevices ? 1 : 0,
  device_ids: JSON.stringify([...new Set(r.deviceIds)]),
  group_ids: JSON.stringify([...new Set(r.groupIds)]),
  controller: r.controller ? 1 : 0,
  profile_ids: JSON.stringify([...new Set(r.profileIds)]),
  severity: r.severity,
  hold_off_minutes: r.holdOffMinutes,
  enabled: r.enabled ? 1 : 0,
  quiet_from: r.quietFrom,
  quiet_to: r.quietTo,
  escalate_minutes: r.escalateMinutes,
  escalate_contact_id: r.escalateMinutes > 0 ? r.escalateContactId : null,
});

export function ruleStore(db: Db) {
  let cached: EventRuleView[] | undefined;
  const all = async () =>
    (await db.selectFrom('event_rules').selectAll().orderBy('id').execute()).map(viewOf);
  async function one(id: number): Promise<EventRuleView> {
    const row = await db.selectFrom('event_rules').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw fail(404, 'notFound');
    return viewOf(row);
  }
  /** The profiles a rule selects must exist (a rule watching a deleted profile would never fire). */
  async function checkProfiles(request: EventRuleRequest): Promise<void> {
    const ids = [...new Set(request.profileIds)];
    if (!ids.length) return;
    const found = await db.selectFrom('policy_profiles').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw fail(400, 'notifyProfileUnknown');
  }
  return {
    list: all,
    get: one,
    /** The enabled rules, as of the last change made on this console (other replicas' changes: `reload`). */
    async enabled(): Promise<EventRuleView[]> {
      cached ??= (await all()).filter((r) => r.enabled);
      return cached;
    },
    reload(): void {
      cached = undefined;
    },
    async add(request: EventRuleRequest): Promise<EventRuleView> {
      await checkProfiles(request);
      const { id } = await db
        .insertInto('event_rules')
        .values({ ...rowOf(request), created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      cached = undefined;
      return one(id);
    },
    async edit(id: number, request: EventRuleRequest): Promise<EventRuleView> {
      await checkProfiles(request);
      const done = await db
        .updateTable('event_rules')
        .set(rowOf(request))
        .where('id', '=', id)
        .executeTakeFirst();
      if (!Number(done.numUpdatedRows)) throw fail(404, 'notFound');
      cached = undefined;
      return one(id);
    },
    async remove(id: number): Promise<void> {
      const done = await db.deleteFrom('event_rules').where('id', '=', id).executeTakeFirst();
      if (!Number(done.numDeletedRows)) throw fail(404, 'notFound');
      cached = undefined;
    },
  };
}
export type RuleStore = ReturnType<typeof ruleStore>;
