/** Presenters: the only place rows and live state turn into the shapes the feature hands out. */
import {
  keyFingerprint,
  secureModes,
  type AdoptedConflictView,
  type DeviceStatusLabel,
  type SecureMode,
} from '@edge/protocol';
import { readOnFirstUse } from '../lib/read-on-first-use.ts';
import type { DeviceRow } from './store.ts';
import type { LiveDevice } from './types.ts';
import type { DeviceRecord, DeviceView, DiscoveryDevice } from './types.ts';

const asSecureMode = (value: string): SecureMode =>
  (secureModes as readonly string[]).includes(value) ? (value as SecureMode) : 'Unsupported';

export function toRecord(row: DeviceRow): DeviceRecord {
  return {
    id: row.id,
    serial: row.serial,
    model: row.model,
    name: row.name,
    firmware: row.firmware,
    agentVersion: row.agent_version,
    adoption: row.adoption,
    groupId: row.group_id,
    profile: row.profile,
    ip: row.ip,
    ifaceName: row.iface_name,
    mac: row.mac,
    hostname: row.hostname,
    latitude: row.latitude,
    longitude: row.longitude,
    secureMode: asSecureMode(row.secure_mode),
    idle: row.idle === 1,
    createdAt: row.created_at,
    adoptedAt: row.adopted_at,
  };
}

/**
 * SPEC 4: what one word says about a device. License Lock comes first: it is why the device's
 * configuration is refused, online or not (the licence feature decides it, license/coverage.ts).
 */
export function statusLabel(
  device: Pick<LiveDevice, 'online' | 'alarms' | 'licenseLocked'> & { record: Pick<DeviceRecord, 'idle'> },
): DeviceStatusLabel {
  if (device.licenseLocked) return 'License Lock';
  if (!device.online) return 'Offline';
  if (device.record.idle) return 'Idle';
  return device.alarms.size > 0 ? 'Alarm' : 'Runs Well';
}

/**
 * A device's view. Its telemetry is parsed when first read, from the text it had when the view was made:
 * most views are asked for a word or a flag (online, the host name, the group) by the job and settings
 * paths, and parsing every device's telemetry for each of those was a twentieth of the console's busy time
 * in a 2,000-device rollout, and garbage for the collector.
 */
export function toView(device: LiveDevice): DeviceView {
  const packed = device.telemetry;
  const view: DeviceView = {
    ...device.record,
    online: device.online,
    status: statusLabel(device),
    lastSeenAt: device.lastSeenAt,
    reportInterval: device.reportInterval,
    upTime: device.upTime,
    capabilities: device.capabilities,
    alarms: [...device.alarms],
    cellular: device.cellular,
    signal: device.heartbeat?.signal ?? null,
    heartbeat: device.heartbeat,
    telemetry: null,
  };
  if (packed) readOnFirstUse(view, 'telemetry', () => packed.read());
  return view;
}

export function toDiscovery(row: DeviceRow & { group_name: string | null }): DiscoveryDevice {
  return {
    id: row.id,
    sn: row.serial,
    ifaceName: row.iface_name,
    profile: row.profile,
    IP: row.ip,
    name: row.name,
    group: row.group_name ?? '',
    model: row.model,
    mac: row.mac,
    firmware: row.firmware,
    createdAt: row.created_at,
    fingerprint: keyFingerprint(row.credential_hash),
    conflictFingerprint: row.conflict_hash ? keyFingerprint(row.conflict_hash) : '',
    conflictAt: row.conflict_at,
  };
}

/** An adopted device another key asked for (listed only with a conflict, so both are set). */
export function toAdoptedConflict(row: DeviceRow): AdoptedConflictView {
  return {
    id: row.id,
    sn: row.serial,
    name: row.name,
    fingerprint: keyFingerprint(row.credential_hash),
    conflictFingerprint: keyFingerprint(row.conflict_hash ?? ''),
    conflictAt: row.conflict_at ?? 0,
  };
}
