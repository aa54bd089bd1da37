import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { notNull, withId } from './columns.ts';

/**
 * Device jobs, their per-device steps and the scheduler's claimed occurrences (ARCHITECTURE: jobs and
 * scheduler). A step is claimed by a console through its lease (owner + lease_until); an occurrence is
 * claimed by inserting its unique key, so two replicas never run either twice.
 */
export const jobs = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('jobs'), dialect)
      .addColumn('kind', 'text', notNull)
      .addColumn('title', 'text', notNull)
      .addColumn('params', 'text', notNull)
      .addColumn('created_by', 'text', notNull)
      .addColumn('created_by_name', 'text', notNull)
      .addColumn('state', 'text', notNull)
      .addColumn('options', 'text', notNull)
      .addColumn('deadline_at', 'bigint', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('finished_at', 'bigint')
      .execute();
    // Every console looks up the jobs still running on each tick.
    await db.schema.createIndex('jobs_state').on('jobs').column('state').execute();

    await withId(db.schema.createTable('job_steps'), dialect)
      .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
      .addColumn('device_id', 'text', notNull)
      .addColumn('wave', 'integer', notNull)
      .addColumn('state', 'text', notNull)
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('note', 'text')
      .addColumn('reason', 'text')
      .addColumn('result', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('job_steps_device', ['job_id', 'device_id'])
      .execute();
    await db.schema.createIndex('job_steps_job_state').on('job_steps').columns(['job_id', 'state']).execute();
    // Lease recovery scans running steps whose lease passed.
    await db.schema
      .createIndex('job_steps_lease')
      .on('job_steps')
      .columns(['state', 'lease_until'])
      .execute();

    await withId(db.schema.createTable('schedules'), dialect)
      .addColumn('name', 'text', notNull)
      .addColumn('kind', 'text', notNull)
      .addColumn('params', 'text', notNull)
      .addColumn('options', 'text', notNull)
      .addColumn('device_ids', 'text', notNull)
      .addColumn('weekdays', 'text', notNull)
      .addColumn('start_date', 'text', notNull)
      .addColumn('end_date', 'text')
      .addColumn('start_time', 'text', notNull)
      .addColumn('time_zone', 'text', notNull)
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_by_name', 'text', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .execute();

    // 'schedule:<id>' or 'task:<name>' + the occurrence's time: inserted once, by whichever replica wins.
    await db.schema
      .createTable('schedule_occurrences')
      .addColumn('schedule_key', 'text', notNull)
      .addColumn('occurs_at', 'bigint', notNull)
      .addColumn('owner', 'text', notNull)
      .addColumn('job_id', 'integer')
      .addColumn('claimed_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('schedule_occurrences_pk', ['schedule_key', 'occurs_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('schedule_occurrences').execute();
    await db.schema.dropTable('schedules').execute();
    await db.schema.dropTable('job_steps').execute();
    await db.schema.dropTable('jobs').execute();
  },
});
