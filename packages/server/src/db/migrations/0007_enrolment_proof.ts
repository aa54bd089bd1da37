import type { Kysely, Migration } from 'kysely';
import { notNull } from './columns.ts';

/**
 * Enrolment needs proof the serial alone does not give (issue 13): the organisation's enrolment secret
 * (sealed, to show administrators, and its digest, to check agents cheaply), claim codes on the
 * provisioning list (digests only: they are compared, never shown), and on a waiting device the claim code
 * it presented and the latest other key that asked for its serial (a conflict for the operator).
 */
export const enrolmentProof = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('enrolment_secret')
      // One organisation per console: the row with id 1.
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('secret_sealed', 'text', notNull)
      .addColumn('secret_hash', 'text', notNull)
      .addColumn('rotated_at', 'bigint', notNull)
      .execute();
    await db.schema
      .alterTable('provision_serials')
      .addColumn('claim_hash', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('devices')
      .addColumn('claim_hash', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable('devices').addColumn('conflict_hash', 'text').execute();
    await db.schema.alterTable('devices').addColumn('conflict_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').dropColumn('conflict_at').execute();
    await db.schema.alterTable('devices').dropColumn('conflict_hash').execute();
    await db.schema.alterTable('devices').dropColumn('claim_hash').execute();
    await db.schema.alterTable('provision_serials').dropColumn('claim_hash').execute();
    await db.schema.dropTable('enrolment_secret').execute();
  },
});
