import type { Kysely, Migration } from 'kysely';

/** Diagnose reads a device's history of tests newest first: its job steps by device. */
export const diagnose = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('job_steps_by_device').on('job_steps').columns(['device_id', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('job_steps_by_device').execute();
  },
});
