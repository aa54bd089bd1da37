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
import { logs } from './0012_logs.ts';
import { alerts } from './0013_alerts.ts';
import { policyProfiles } from './0011_policy_profiles.ts';
import { statistics } from './0014_statistics.ts';
import { terminal } from './0015_terminal.ts';
import { application } from './0016_application.ts';
import { sdwan } from './0017_sdwan.ts';
import { licences } from './0018_licences.ts';
import { profileTemplates } from './0022_profile_templates.ts';
import { alertsMore } from './0023_alerts_more.ts';
import { deviceBackups } from './0019_device_backups.ts';
import { upgrade } from './0021_upgrade.ts';
import { requestCounts } from './0024_request_counts.ts';
import { agentVersion } from './0027_agent_version.ts';
import { notifyEscalated } from './0028_notify_escalated.ts';
import { containerTerminal } from './0029_container_terminal.ts';
import { sdwanRelay } from './0030_sdwan_relay.ts';
import { telemetryStorage } from './0033_telemetry_storage.ts';
import { ruleSubjects } from './0035_rule_subjects.ts';
import { rollupCoveringKeys } from './0036_rollup_covering_keys.ts';
import { clientSearchIndexes } from './0037_client_search_indexes.ts';

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
  '0011_policy_profiles': policyProfiles,
  '0012_logs': logs,
  '0013_alerts': alerts,
  '0014_statistics': statistics,
  '0015_terminal': terminal,
  '0016_application': application,
  '0017_sdwan': sdwan,
  '0018_licences': licences,
  '0019_device_backups': deviceBackups,
  '0022_profile_templates': profileTemplates,
  '0023_alerts_more': alertsMore,
  '0021_upgrade': upgrade,
  '0024_request_counts': requestCounts,
  '0027_agent_version': agentVersion,
  '0028_notify_escalated': notifyEscalated,
  '0029_container_terminal': containerTerminal,
  '0030_sdwan_relay': sdwanRelay,
  '0033_telemetry_storage': telemetryStorage,
  '0035_rule_subjects': ruleSubjects,
  '0036_rollup_covering_keys': rollupCoveringKeys,
  '0037_client_search_indexes': clientSearchIndexes,
};
