/** Table types of licences, the quick-start guide and Auth Connect (migration 0018_licences). */
import type { Generated } from 'kysely';

export interface LicensesTable {
  /** The licence's own id (payload.id): uploading it again replaces it. */
  id: string;
  name: string;
  /** The file as uploaded (signature and all): checked again on every load. */
  file: string;
  /** JSON of the checked LicensePayload. */
  payload: string;
  /** 1 is first: a device goes to the first licence in force that may take it. */
  priority: number;
  uploaded_at: number;
  uploaded_by: string;
}

export interface LicenseContainerSeatsTable {
  application_name: string;
  device_id: string;
  claimed_at: number;
}

export interface UserGuideTable {
  user_id: number;
  dismissed_at: number;
}

export interface AuthConnectAccountsTable {
  id: Generated<number>;
  name: string;
  /** secrets.seal of the password: devices need it in the clear to check hotspot and 802.1X users. */
  sealed_password: string;
  created_at: number;
  updated_at: number;
}

export interface AuthConnectTargetsTable {
  account_id: number;
  /** 'device' or 'group'. */
  kind: string;
  /** A device id, or a group id as text. */
  target: string;
}

export interface LicenseTables {
  licenses: LicensesTable;
  license_container_seats: LicenseContainerSeatsTable;
  user_guide: UserGuideTable;
  auth_connect_accounts: AuthConnectAccountsTable;
  auth_connect_targets: AuthConnectTargetsTable;
}
