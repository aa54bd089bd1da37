/** Table types of the store. Times are epoch milliseconds; booleans are 0/1 on both dialects. */
import type { Generated, Kysely } from 'kysely';
import type { SdwanTables } from './schema-sdwan.ts';
import type { SecurityTables } from './schema-security.ts';
import type { JobTables } from './schema-jobs.ts';
import type { AlertTables } from './schema-alerts.ts';
import type { ProfileTables } from './schema-profiles.ts';
import type { LicenseTables } from './schema-license.ts';
import type { BackupTables } from './schema-backup.ts';
import type { UpgradeTables } from './schema-upgrade.ts';

export interface RolesTable {
  id: Generated<number>;
  name: string;
  /** JSON of PermissionSet. */
  permissions: string;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role_id: number;
  type: string;
  /** 1 active, 0 suspended (SPEC 3: status default 1). */
  status: number;
  company_name: string;
  created_at: number;
  updated_at: number;
  /** Last sign-in, epoch ms (migration 0003). */
  last_used_at: number | null;
}

export interface SessionsTable {
  /** sha256 of the cookie value: a stolen database does not hand out live sessions. */
  id_hash: string;
  user_id: number;
  csrf_token: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
}

/** Requests of one key (an anonymous source) in one fixed window: the shared rate limit (http/request-counts.ts). */
export interface RequestCountsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface LoginFailuresTable {
  /** 'account:<name>' or 'ip:<address>'. */
  key: string;
  count: number;
  window_start: number;
}

export interface ActivityTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string;
  action: string;
  target: string;
  ip: string;
  status_code: number;
  created_at: number;
}

export interface DeviceGroupsTable {
  id: Generated<number>;
  name: string;
  customer_id: number | null;
  created_at: number;
}

export type Adoption = 'pending' | 'adopted';

export interface DevicesTable {
  /** Issued by the console: 16 hex characters, also the device's MQTT username and client id. */
  id: string;
  serial: string;
  model: Generated<string>;
  name: Generated<string>;
  firmware: Generated<string>;
  /** What the agent said it runs in its last hello; '' unknown (0027). */
  agent_version: Generated<string>;
  adoption: Generated<Adoption>;
  /** sha256 (hex) of the enrolment key the device uses as its MQTT password. */
  credential_hash: string;
  group_id: number | null;
  profile: Generated<string>;
  ip: Generated<string>;
  iface_name: Generated<string>;
  mac: Generated<string>;
  hostname: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  secure_mode: Generated<string>;
  idle: Generated<number>;
  /** Presence as last flushed from memory (the registry holds the live value). */
  online: Generated<number>;
  /** Seconds, as of the last flush. */
  uptime: Generated<number>;
  report_interval: Generated<number>;
  last_seen_at: number | null;
  adopted_at: number | null;
  created_at: number;
  /** Digest of the claim code the waiting agent presented ('' none): the provisioning list adopts on it (0007). */
  claim_hash: Generated<string>;
  /** Digest of the latest other key that asked for this serial while it waited, and when (0007). */
  conflict_hash: Generated<string | null>;
  conflict_at: Generated<number | null>;
}

/** Serials adopted automatically when they enrol (Provision CSV upload). */
export interface ProvisionSerialsTable {
  serial: string;
  name: Generated<string>;
  group_name: Generated<string>;
  profile: Generated<string>;
  created_at: number;
  /** Digest of the device's claim code ('' none listed): without it the list does not adopt (0007). */
  claim_hash: Generated<string>;
}

/** The organisation's enrolment secret: row id 1 (0007). */
export interface EnrolmentSecretTable {
  id: number;
  /** Sealed (crypto/secrets.ts): administrators are shown it. */
  secret_sealed: string;
  /** sha256 hex: what agents' secrets are compared with. */
  secret_hash: string;
  rotated_at: number;
}

/** The metric columns shared by raw telemetry points and their hourly rollups. */
export interface TelemetryMetrics {
  cpu_usage: number | null;
  memory_usage: number | null;
  disk_usage: number | null;
  cpu_temp: number | null;
  fan_speed: number | null;
  signal_rsrp: number | null;
  clients: number | null;
  ethernet_rx: number | null;
  ethernet_tx: number | null;
  wifi_rx: number | null;
  wifi_tx: number | null;
  cellular_rx: number | null;
  cellular_tx: number | null;
  control_plane_rx: number | null;
  control_plane_tx: number | null;
  data_plane_rx: number | null;
  data_plane_tx: number | null;
  /** dB, from the cellular signal (issue 18). */
  signal_rsrq: number | null;
  signal_snr: number | null;
  /** Seconds since boot. */
  uptime: number | null;
}

export interface TelemetryPointsTable extends TelemetryMetrics {
  device_id: string;
  ts: number;
}

export interface TelemetryRollupsTable extends TelemetryMetrics {
  device_id: string;
  /** Start of the hour, epoch ms. */
  bucket: number;
  samples: number;
}

/** Saved Statistics views (issue 18): a name and the view's configuration as JSON, per user. */
export interface StatisticsViewsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  config: string;
  updated_at: number;
}

/** Every client a device has reported (issue 18's Clients app): one row per device and MAC. */
export interface DeviceClientsTable {
  device_id: string;
  mac: string;
  kind: string;
  hostname: string;
  ip: string;
  interface: string;
  ssid: string;
  signal: number | null;
  rx_bytes: number;
  tx_bytes: number;
  first_seen: number;
  last_seen: number;
}

export interface DeviceLogsTable {
  id: Generated<number>;
  device_id: string;
  level: string;
  program: string;
  message: string;
  alarm_code: string | null;
  created_at: number;
}

/** The programs a device (or the console) has written log lines from: the Log app's function list (0012). */
export interface LogProgramsTable {
  device_id: string;
  program: string;
  last_seen_at: number;
}

/** One device's configuration section: what the console wants and what the device reported (0004). */
export interface DeviceSectionsTable {
  device_id: string;
  section: string;
  /** JSON of the desired document; null until someone changes the section. */
  desired: string | null;
  desired_version: Generated<number>;
  /** JSON of the document the device last reported. */
  reported: string | null;
  reported_version: number | null;
  reported_hash: string | null;
  reported_at: number | null;
  /** SectionState of @edge/protocol. */
  state: Generated<string>;
  /** ApplyOutcome of the last apply. */
  outcome: string | null;
  last_error: string | null;
  last_error_code: string | null;
  /** Epoch ms by which the device rolls back unless confirmed. */
  confirm_by: number | null;
  /** Name of the user who last changed the desired document. */
  updated_by: string | null;
  updated_at: number;
}

export interface NotificationsTable {
  user_id: number;
  /** Named by the browser, unique within the user's list. */
  id: string;
  level: string;
  type: string;
  value: string;
  progress: number;
  date: number;
  read: Generated<number>;
}

export interface TerminalSessionsTable {
  id: string;
  device_id: string;
  user_id: number | null;
  user_name: string;
  started_at: number;
  ended_at: number | null;
  end_reason: string | null;
  bytes: Generated<number>;
  cast: string | null;
  /** The container the shell ran in (0029); null for the device's own. */
  container: string | null;
}

export interface Database
  extends
    SecurityTables,
    JobTables,
    AlertTables,
    ProfileTables,
    SdwanTables,
    LicenseTables,
    BackupTables,
    UpgradeTables {
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  request_counts: RequestCountsTable;
  activity: ActivityTable;
  device_groups: DeviceGroupsTable;
  devices: DevicesTable;
  provision_serials: ProvisionSerialsTable;
  telemetry_points: TelemetryPointsTable;
  telemetry_rollups: TelemetryRollupsTable;
  /** The same columns as the hourly rollups, bucket is the start of 5 minutes. */
  telemetry_rollups_5m: TelemetryRollupsTable;
  statistics_views: StatisticsViewsTable;
  device_clients: DeviceClientsTable;
  device_logs: DeviceLogsTable;
  log_programs: LogProgramsTable;
  device_sections: DeviceSectionsTable;
  enrolment_secret: EnrolmentSecretTable;
  notifications: NotificationsTable;
  terminal_sessions: TerminalSessionsTable;
  app_registries: AppRegistriesTable;
  app_templates: AppTemplatesTable;
}

/** Container registries (migration 0016); the password is sealed for 'application.registry'. */
export interface AppRegistriesTable {
  id: Generated<number>;
  name: string;
  insecure: number;
  server_address: string;
  username: string;
  password_sealed: string | null;
  created_at: number;
  updated_at: number;
}

/** Container templates (SPEC 3); env, ports and volumes are JSON lists. */
export interface AppTemplatesTable {
  id: Generated<number>;
  app_name: string;
  description: string;
  registry_id: number | null;
  image_name: string;
  tag: string;
  network: string | null;
  resource: string;
  env: string;
  ports: string;
  volumes: string;
  icon: string;
  category: string;
  created_at: number;
  updated_at: number;
}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';
