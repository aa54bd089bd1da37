/** Table types of Profile Management (migration 0011_policy_profiles). */
import type { Generated } from 'kysely';

export interface PolicyProfilesTable {
  id: Generated<number>;
  name: string;
  /** PolicyProfileKind of @edge/protocol. */
  kind: string;
  /** JSON of the section document; text fields may hold variables. */
  body: string;
  /** JSON of VariableValue[]. */
  variable_values: string;
  updated_by: string;
  updated_at: number;
  created_at: number;
}

export interface ProfileAssignmentsTable {
  profile_id: number;
  device_id: string;
  job_id: number | null;
  /** JSON of the part of the section the profile set, variables filled. */
  doc: string;
  desired_version: number;
  applied_at: number;
}

/** Migration 0022_profile_templates. */
export interface ProfileTemplatesTable {
  id: Generated<number>;
  name: string;
  /** JSON of the ProfileTemplate without its name. */
  body: string;
  updated_by: string;
  updated_at: number;
  created_at: number;
}

/** The template a device was given when it was adopted (one per device). */
export interface ProfileTemplateDevicesTable {
  device_id: string;
  template_name: string;
  /** JSON: section -> the desired version the template's document was stored as. */
  versions: string;
  /** Why a section could not be given (License Lock ...); null when all were. */
  error: string | null;
  applied_at: number;
}

export interface ProfileTables {
  policy_profiles: PolicyProfilesTable;
  profile_assignments: ProfileAssignmentsTable;
  profile_templates: ProfileTemplatesTable;
  profile_template_devices: ProfileTemplateDevicesTable;
}
