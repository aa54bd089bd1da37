/** Table types of device jobs and the scheduler (migration 0005_jobs). */
import type { Generated } from 'kysely';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  title: string;
  /** JSON of the kind's parameters. */
  params: string;
  /** JobCreator of @edge/protocol. */
  created_by: string;
  created_by_name: string;
  /** JobState of @edge/protocol. */
  state: string;
  /** JSON of JobOptions. */
  options: string;
  deadline_at: number;
  created_at: number;
  finished_at: number | null;
  /** When an operator paused it (migration 0022); null while it is not paused. */
  paused_at: Generated<number | null>;
}

export interface JobStepsTable {
  id: Generated<number>;
  job_id: number;
  device_id: string;
  /** 0 canary, 1 the rest. */
  wave: number;
  /** StepState of @edge/protocol. */
  state: string;
  progress: Generated<number>;
  note: string | null;
  reason: string | null;
  /** JSON of the kind's result. */
  result: string | null;
  attempts: Generated<number>;
  /** The console that runs it, and until when its claim holds unless renewed. */
  lease_owner: string | null;
  lease_until: number | null;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
}

export interface SchedulesTable {
  id: Generated<number>;
  name: string;
  kind: string;
  params: string;
  options: string;
  /** JSON array of device ids. */
  device_ids: string;
  /** Comma-separated 0-6, Sunday 0. */
  weekdays: string;
  /** YYYY-MM-DD in the schedule's time zone. */
  start_date: string;
  end_date: string | null;
  /** HH:MM or HH:MM:SS. */
  start_time: string;
  time_zone: string;
  enabled: Generated<number>;
  created_by_name: string;
  created_at: number;
  /** The Schedule module's (migration 0010): the device group and SPEC 3 function type it was made with. */
  group_id: number | null;
  function_type: number | null;
  /** Last edit; an occurrence before it is not caught up on start. */
  updated_at: number | null;
}

/** Each user's 'My Calender' colour per device group (migration 0010). */
export interface ScheduleGroupColoursTable {
  user_id: number;
  group_id: number;
  colour: string;
  shown: number;
}

export interface ScheduleOccurrencesTable {
  schedule_key: string;
  occurs_at: number;
  owner: string;
  job_id: number | null;
  claimed_at: number;
}

export interface JobTables {
  jobs: JobsTable;
  job_steps: JobStepsTable;
  schedules: SchedulesTable;
  schedule_occurrences: ScheduleOccurrencesTable;
  schedule_group_colours: ScheduleGroupColoursTable;
}
