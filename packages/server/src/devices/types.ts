/** The devices feature's public shapes: what routes, the live-update endpoint and the demo launcher get. */
import type {
  CellSignal,
  DeviceStatusLabel,
  EventMessage,
  HeartbeatMessage,
  SecureMode,
  TelemetryMessage,
} from '@edge/protocol';
import type { Adoption } from '../db/schema.ts';
import type { PackedJson } from '../lib/packed-json.ts';

/** What the console knows of a device from its own records (the devices table). */
export interface DeviceRecord {
  id: string;
  serial: string;
  model: string;
  name: string;
  firmware: string;
  /** The agent's own version, as its last hello said; '' when it never said. */
  agentVersion: string;
  adoption: Adoption;
  groupId: number | null;
  profile: string;
  ip: string;
  ifaceName: string;
  mac: string;
  hostname: string;
  latitude: number | null;
  longitude: number | null;
  secureMode: SecureMode;
  /** Set by the operator (SPEC 4 "set idle"). */
  idle: boolean;
  createdAt: number;
  adoptedAt: number | null;
}

/** An adopted device with its live state, as the inventory and the device dashboard show it. */
export interface DeviceView extends DeviceRecord {
  online: boolean;
  /** SPEC 4 status label: License Lock, Offline, Idle, Alarm or Runs Well. */
  status: DeviceStatusLabel;
  lastSeenAt: number | null;
  /** Seconds between heartbeats now in force. */
  reportInterval: number;
  /** Seconds since the device booted, as of its last heartbeat. */
  upTime: number;
  capabilities: string[];
  alarms: string[];
  cellular: { imei: string; imsi: string; iccid?: string } | null;
  signal: CellSignal | null;
  heartbeat: HeartbeatMessage | null;
  telemetry: TelemetryMessage | null;
}

/** SPEC 3 "Discovery device": a device that asked to enrol and waits for adoption. */
export interface DiscoveryDevice {
  id: string;
  sn: string;
  ifaceName: string;
  profile: string;
  IP: string;
  name: string;
  group: string;
  model: string;
  mac: string;
  firmware: string;
  createdAt: number;
  fingerprint: string;
  conflictFingerprint: string;
  conflictAt: number | null;
}

/** One line of the provisioning list (Provision CSV): a serial adopted automatically when it enrols. */
export interface ProvisionEntry {
  serial: string;
  name?: string;
  /** Group name; created when missing. */
  group?: string;
  profile?: string;
  /** The code on the device's label: only an agent presenting it is adopted by the list on its own. */
  claimCode?: string;
}

export interface AdoptOptions {
  /** Defaults to the serial. */
  name?: string;
  groupId?: number | null;
  profile?: string;
}

export interface DeviceUpdate {
  name?: string;
  /** The device's own name (its host name), once a General section change with it is applied. */
  hostname?: string;
  groupId?: number | null;
  profile?: string;
  idle?: boolean;
}

export interface DeviceGroup {
  id: number;
  name: string;
  customerID: number | null;
}

export interface DeviceCounts {
  numOnline: number;
  numOffline: number;
}

/** What happened to a device; a live-update endpoint forwards these to browsers. */
export type DeviceChange =
  | { type: 'online'; deviceId: string; at: number }
  | { type: 'offline'; deviceId: string; at: number }
  | { type: 'heartbeat'; deviceId: string; heartbeat: HeartbeatMessage }
  | { type: 'telemetry'; deviceId: string; telemetry: TelemetryMessage }
  | { type: 'event'; deviceId: string; event: EventMessage }
  | { type: 'state'; deviceId: string; device: DeviceView }
  /** Discovery changed for this serial: it asked to enrol, asked again, or another key claimed it. */
  | { type: 'discovered'; deviceId: string; serial: string }
  | { type: 'removed'; deviceId: string; serial: string };

/** An adopted device as the registry keeps it in memory (registry.ts). */
export interface LiveDevice {
  record: DeviceRecord;
  credentialHash: string;
  online: boolean;
  lastSeenAt: number | null;
  reportInterval: number;
  upTime: number;
  capabilities: string[];
  cellular: DeviceView['cellular'];
  alarms: Set<string>;
  /** No licence covers it (the licence feature sets it through DeviceDirectory.setLicenseLocks). */
  licenseLocked: boolean;
  heartbeat: HeartbeatMessage | null;
  /** The latest telemetry, packed: read it through the device's view (toView). */
  telemetry: PackedJson<TelemetryMessage> | null;
  /** Changed since the last flush to the database. */
  dirty: boolean;
}
