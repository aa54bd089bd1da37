/**
 * The MQTT client id an adopted device connects with: its id and a digest of its key. A broker closes a
 * live connection when a new CONNECT names the same client id (MQTT-3.1.4-2), and Mosquitto's dynamic
 * security can bind a user to one client id but not keep other users (the shared enrolment user) off it
 * (issue 13: anyone who knew a device id, which enrolment replies carry, could keep dropping the device).
 * A client id only the key's holder can name closes that: the agent derives it from its key, the console
 * from the key's digest it keeps (so it can also bind devices adopted before). node:crypto: agent and
 * server only, not the web.
 */
import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** From the digest of the key the console keeps (devices.credential_hash: sha256 hex of the key). */
export const deviceClientIdOf = (deviceId: string, credentialHash: string): string =>
  `${deviceId}-${sha256(`edge-mqtt-client-id\0${credentialHash}`).slice(0, 16)}`;

/** From the key itself, as the agent holds it. */
export const deviceClientId = (deviceId: string, key: string): string =>
  deviceClientIdOf(deviceId, sha256(key));
