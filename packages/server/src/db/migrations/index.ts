import type { Migration } from 'kysely';
import type { Dialect } from '../schema.ts';
import { foundation } from './0001_foundation.ts';
import { devices } from './0002_devices.ts';
import { security } from './0003_security.ts';
import { deviceConfig } from './0004_device_config.ts';
import { jobs } from './0005_jobs.ts';
import { enrolmentProof } from './0007_enrolment_proof.ts';
import { notifications } from './0008_notifications.ts';
import { diagnose } from './0009_diagnose.ts';
import { scheduleModule } from './0010_schedule_module.ts';
import { licences } from './0018_licences.ts';

/** Name -> migration; names sort in the order they run. */
export const migrations: Record<string, (dialect: Dialect) => Migration> = {
  '0001_foundation': foundation,
  '0002_devices': devices,
  '0003_security': security,
  '0004_device_config': deviceConfig,
  '0005_jobs': jobs,
  '0007_enrolment_proof': enrolmentProof,
  '0008_notifications': notifications,
  '0009_diagnose': diagnose,
  '0010_schedule_module': scheduleModule,
  '0018_licences': licences,
};
