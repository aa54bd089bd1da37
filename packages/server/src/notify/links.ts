/** The notify list: which event rules notify which contacts. */
import type { NotifyChannel } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { fail } from '../http/errors.ts';

export function linkStore(db: Db) {
  const joined = () =>
    db
      .selectFrom('notify_links as l')
      .innerJoin('event_rules as r', 'r.id', 'l.rule_id')
      .innerJoin('notify_contacts as c', 'c.id', 'l.contact_id')
      .select(['l.id', 'l.rule_id', 'l.contact_id', 'r.name as rule_name', 'c.config_name', 'c.channel']);
  type Row = Awaited<ReturnType<ReturnType<typeof joined>['executeTakeFirstOrThrow']>>;
  const viewOf = (r: Row) => ({
    id: r.id,
    ruleId: r.rule_id,
    contactId: r.contact_id,
    ruleName: r.rule_name,
    configName: r.config_name,
    channel: r.channel as NotifyChannel,
  });
  return {
    list: async () => (await joined().orderBy('l.id').execute()).map(viewOf),
    async add(ruleId: number, contactId: number) {
      const rule = await db
        .selectFrom('event_rules')
        .select('id')
        .where('id', '=', ruleId)
        .executeTakeFirst();
      if (!rule) throw fail(404, 'notifyRuleRequired');
      const contact = await db
        .selectFrom('notify_contacts')
        .select('id')
        .where('id', '=', contactId)
        .executeTakeFirst();
      if (!contact) throw fail(404, 'notifyConfigRequired');
      await db
        .insertInto('notify_links')
        .values({ rule_id: ruleId, contact_id: contactId })
        .onConflict((oc) => oc.columns(['rule_id', 'contact_id']).doNothing())
        .execute();
      return viewOf(
        await joined()
          .where('l.rule_id', '=', ruleId)
          .where('l.contact_id', '=', contactId)
          .executeTakeFirstOrThrow(),
      );
    },
    async remove(id: number): Promise<void> {
      const done = await db.deleteFrom('notify_links').where('id', '=', id).executeTakeFirst();
      if (!Number(done.numDeletedRows)) throw fail(404, 'notFound');
    },
    async contactsOf(ruleId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('notify_links')
        .select('contact_id')
        .where('rule_id', '=', ruleId)
        .execute();
      return rows.map((r) => r.contact_id);
    },
  };
}
export type LinkStore = ReturnType<typeof linkStore>;
