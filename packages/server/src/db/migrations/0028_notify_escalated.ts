import type { Kysely, Migration } from 'kysely';

/**
 * Issue 17, escalations in the delivery log: a delivery queued by escalation (a critical message nobody
 * acknowledged in time, sent to the rule's next contact) is marked, so the log and the API say so.
 * Rows written before this were all first deliveries (escalations kept no mark): they stay 0.
 * A contact's own quiet hours need no column: they are among its settings (JSON).
 */
export const notifyEscalated = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('notify_deliveries')
      .addColumn('escalated', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('notify_deliveries').dropColumn('escalated').execute();
  },
});
