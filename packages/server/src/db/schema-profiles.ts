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

export interface ProfileTables {
  policy_profiles: PolicyProfilesTable;
  profile_assignments: ProfileAssignmentsTable;
}
