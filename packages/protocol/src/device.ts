/**
 * The device protocol: how a device and the console talk over MQTT. Both the agent and the console's
 * gateway import these names, so a topic is spelled in exactly one place.
 *
 * Topics (everything a device owns lives under `edge/v1/{deviceId}/`):
 *
 *   status                 device -> console  'online' / 'offline', retained; 'offline' is also the MQTT last will,
 *                                             so the broker announces a device that vanished without saying goodbye
 *   hello                  device -> console  on every connect: model, serial, firmware, capabilities, interfaces, ...
 *   heartbeat              device -> console  every report interval: uptime, CPU, memory, disk, load, signal, counters
 *   telemetry              device -> console  every report interval: interfaces, ports and PoE, clients, containers, fan
 *   events                 device -> console  log lines and alarms
 *   rpc/req                console -> device  {id, method, params, deadlineMs}
 *   rpc/res                device -> console  {id, result} | {id, error: {code, message}} | {id, progress, note?}
 *   config                 device -> console  on every connect and whenever a section changes on the device's
 *                                             side: each section's version and hash (device-config.ts)
 *   ping / pong            device -> console -> device: the console echoes a ping, so the device measures its
 *                                             latency to the console (latency-based report interval, SPEC 9)
 *   tty/{session}/in|out   both ways          terminal bytes and resize messages
 *
 * Payloads are UTF-8 JSON validated by the zod schemas of device-messages.ts and device-rpc.ts, except
 * `status` (the bare word) and `tty` (raw bytes).
 *
 * Report interval (SPEC 9): 5, 30 or 60 s, or latency based. A device is offline when its last will fires
 * or when MISSED_INTERVALS_FOR_OFFLINE report intervals pass without a heartbeat.
 *
 * Enrolment (zero-touch provisioning), see device-enrolment.ts for the messages:
 *
 *   1. A new agent knows the console URL, its serial and model. It generates an enrolment key (32 random
 *      bytes, kept in its state directory) and connects with username `enrol`, no password, and client id
 *      `enrol-{serial}`. The broker lets that client publish only `edge/v1/enrol/{serial}/request` and
 *      subscribe only `edge/v1/enrol/{serial}/reply`.
 *   2. It publishes {serial, model, mac, ip, ifaceName, firmware, key, secret?, claim?} to the request
 *      topic, and repeats it every ENROL_RETRY_MS while it waits. Only the console can read request topics,
 *      so the key, secret and claim code never reach another client.
 *   3. A serial proves nothing (it is printed on the device): without the organisation's enrolment secret
 *      or the claim code listed for the serial the console answers {status: 'refused', reason: 'proof'}.
 *      Otherwise it records an unknown serial as pending (Provision > Discovery) and answers
 *      {status: 'pending'}; another key for a waiting serial is refused as a 'conflict' and flagged for the
 *      operator, never swapped in. When the operator adopts it, or when the serial was provisioned
 *      beforehand (CSV) with the claim code the agent presents, the console stores sha256(key) as the
 *      device's credential and answers {status: 'adopted', deviceId, username}.
 *   4. The agent stores deviceId and connects with username = deviceId and password = its key, client id =
 *      deviceId. The reply never carries a secret: the password is the key the agent chose and only the
 *      console has seen, so a client that reads someone else's reply learns nothing it can log in with.
 *   5. Removing a device deletes its credential and disconnects it. Its next connect is refused ("not
 *      authorized"); the agent then forgets its identity, makes a new key and starts again at step 1: the
 *      device must be provisioned again.
 *
 * While a serial is pending, the first key keeps it (a re-flashed device with a new key is a conflict the
 * operator settles by removing the entry). Once adopted, requests for that serial with another key are
 * ignored, so a stranger who knows a serial cannot take over an adopted device. Nor can it drop the
 * waiting agent's connection by connecting with its client id: see enrolKeyPassword.
 */

/** Every device topic starts here; the version moves when a message changes incompatibly. */
export const DEVICE_TOPIC_ROOT = 'edge/v1';
/** Console replicas tell each other here (e.g. section state changes); no device may read or write it. */
export const CONSOLE_TOPIC_ROOT = 'edge/console/v1';

/** Topics a device publishes (device -> console). */
export const UPLINK_CHANNELS = [
  'status',
  'hello',
  'heartbeat',
  'telemetry',
  'events',
  'rpc/res',
  'ping',
  'config',
  'containers',
] as const;
export type UplinkChannel = (typeof UPLINK_CHANNELS)[number];
/** Topics a device subscribes to (console -> device). */
export const DOWNLINK_CHANNELS = ['rpc/req', 'pong'] as const;
export type DownlinkChannel = (typeof DOWNLINK_CHANNELS)[number];
export type DeviceChannel = UplinkChannel | DownlinkChannel;

export const deviceStatuses = ['online', 'offline'] as const;
export type DeviceStatusWord = (typeof deviceStatuses)[number];

/**
 * Device ids are issued by the console: 16 lowercase hex characters. They never contain MQTT wildcards
 * or separators, and never equal the `enrol` topic level.
 */
export const DEVICE_ID_PATTERN = /^[0-9a-f]{16}$/;
/** Serials travel inside topics, so they may not hold `/`, `+`, `#` or spaces. */
export const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const isDeviceId = (value: string): boolean => DEVICE_ID_PATTERN.test(value);
export const isSerial = (value: string): boolean => SERIAL_PATTERN.test(value);

export const deviceTopic = (deviceId: string, channel: DeviceChannel): string =>
  `${DEVICE_TOPIC_ROOT}/${deviceId}/${channel}`;

/** Filter matching one channel of every device, e.g. `edge/v1/+/heartbeat`. */
export const everyDeviceTopic = (channel: DeviceChannel): string => `${DEVICE_TOPIC_ROOT}/+/${channel}`;

export const ttyTopic = (deviceId: string, session: string, direction: 'in' | 'out'): string =>
  `${DEVICE_TOPIC_ROOT}/${deviceId}/tty/${session}/${direction}`;

export interface ParsedDeviceTopic {
  deviceId: string;
  /** What follows the device id, e.g. `heartbeat`, `rpc/res` or `tty/abc/out`. */
  channel: string;
}

/** Splits `edge/v1/{deviceId}/{channel}`; null for anything else (including enrolment topics). */
export function parseDeviceTopic(topic: string): ParsedDeviceTopic | null {
  const prefix = `${DEVICE_TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return null;
  const rest = topic.slice(prefix.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  const deviceId = rest.slice(0, slash);
  if (!isDeviceId(deviceId)) return null;
  return { deviceId, channel: rest.slice(slash + 1) };
}

/** The shared MQTT username of agents that have no credentials yet. */
export const ENROL_USERNAME = 'enrol';
/**
 * The password agents send with ENROL_USERNAME. Not a secret (an enrolling agent may only ask and read
 * replies that carry none); it exists because a broker that checks credentials itself (Mosquitto with
 * dynamic security) refuses a username without a password.
 */
export const ENROL_PASSWORD = 'enrol';
/**
 * The password an enrolling agent sends to take over its own connection that the broker still holds (a
 * half-open socket after a network drop). The embedded broker refuses a second CONNECT for a live
 * `enrol-{serial}` client id with 'identifier rejected' (2) unless it proves the key the console holds
 * for the serial (issue 13: otherwise anyone who knows a serial can keep dropping the real agent's
 * connection); the agent then connects again with this. Mosquitto never answers 2 to an enrolment
 * CONNECT, so an agent behind one keeps sending ENROL_PASSWORD (dynamic security checks it).
 */
export const ENROL_KEY_PASSWORD_PREFIX = 'key:';
export const enrolKeyPassword = (key: string): string => `${ENROL_KEY_PASSWORD_PREFIX}${key}`;
/** How often a waiting agent repeats its enrolment request (it also repeats it on every reconnect). */
export const ENROL_RETRY_MS = 10_000;

export const enrolClientId = (serial: string): string => `enrol-${serial}`;
export const enrolTopic = (serial: string, kind: 'request' | 'reply'): string =>
  `${DEVICE_TOPIC_ROOT}/enrol/${serial}/${kind}`;
/** Filter matching the enrolment requests of every serial. */
export const EVERY_ENROL_REQUEST = `${DEVICE_TOPIC_ROOT}/enrol/+/request`;

/** The serial of `edge/v1/enrol/{serial}/{kind}`, or null. */
export function parseEnrolTopic(topic: string): { serial: string; kind: 'request' | 'reply' } | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || `${parts[0]}/${parts[1]}` !== DEVICE_TOPIC_ROOT || parts[2] !== 'enrol')
    return null;
  const serial = parts[3]!;
  const kind = parts[4];
  if (!isSerial(serial) || (kind !== 'request' && kind !== 'reply')) return null;
  return { serial, kind };
}
