import { sql, type Kysely, type Migration } from 'kysely';

/**
 * SPEC 5 "controller and profile selected" (issue 17): an event rule selects the controller (this console)
 * for its own events (a job failed, a licence expiring) and the policy profiles whose rollouts it watches
 * (profileFailed). Rules written before watched the console's events when they named no device: those that
 * watch such an event keep doing so, with the controller selected.
 */
export const ruleSubjects = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('event_rules')
      .addColumn('controller', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('event_rules')
      .addColumn('profile_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await sql`update event_rules set controller = 1
      where events like '%"jobFailed"%' or events like '%"licenceExpiring"%'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('event_rules').dropColumn('profile_ids').execute();
    await db.schema.alterTable('event_rules').dropColumn('controller').execute();
  },
});
