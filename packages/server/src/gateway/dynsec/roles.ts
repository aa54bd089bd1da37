/**
 * The dynamic-security roles the console keeps in Mosquitto: the rules of access.ts written as broker ACLs.
 * Mosquitto 2.0's plugin has no %u/%c substitution in ACL topics, so every adopted device gets a role of
 * its own with literal topics; the enrolling agents share one role, and so do the console replicas.
 */
import {
  CONSOLE_TOPIC_ROOT,
  DEVICE_TOPIC_ROOT,
  DOWNLINK_CHANNELS,
  EVERY_ENROL_REQUEST,
  UPLINK_CHANNELS,
  deviceTopic,
  enrolTopic,
  ttyTopic,
} from '@edge/protocol';
import { DYNSEC_ERRORS, type DynsecAdmin } from './admin.ts';

export type AclType = 'publishClientSend' | 'publishClientReceive' | 'subscribeLiteral' | 'subscribePattern';

export interface Acl {
  acltype: AclType;
  topic: string;
  allow: boolean;
}

export const CONSOLE_ROLE = 'edge-console';
export const ENROL_ROLE = 'edge-enrol';
const DEVICE_ROLE_PREFIX = 'edge-device-';

export const deviceRole = (deviceId: string): string => `${DEVICE_ROLE_PREFIX}${deviceId}`;
/** The device id of a role made by deviceRole, or null. */
export const roleDevice = (rolename: string): string | null =>
  rolename.startsWith(DEVICE_ROLE_PREFIX) ? rolename.slice(DEVICE_ROLE_PREFIX.length) : null;

const allow = (acltype: AclType, topic: string): Acl => ({ acltype, topic, allow: true });

/**
 * The console publishes and subscribes every device's topics (shared subscriptions included), and the
 * topics its replicas tell each other on.
 */
export const consoleAcls = (): Acl[] => [
  allow('publishClientSend', `${DEVICE_TOPIC_ROOT}/#`),
  allow('subscribePattern', `${DEVICE_TOPIC_ROOT}/#`),
  allow('publishClientSend', `${CONSOLE_TOPIC_ROOT}/#`),
  allow('subscribePattern', `${CONSOLE_TOPIC_ROOT}/#`),
];

/**
 * An agent without credentials may ask to enrol and read the replies. Unlike on the embedded broker, the
 * shared `enrol` user cannot be tied to one serial (no %c in ACLs); the replies carry no secret, and an
 * adopted serial answers only to the key it was adopted with.
 */
export const enrolAcls = (): Acl[] => [
  allow('publishClientSend', EVERY_ENROL_REQUEST),
  allow('subscribePattern', enrolTopic('+', 'reply')),
];

/** A device publishes its uplink channels and reads its downlink ones, under its own id only. */
export const deviceAcls = (deviceId: string): Acl[] => [
  ...UPLINK_CHANNELS.map((channel) => allow('publishClientSend', deviceTopic(deviceId, channel))),
  allow('publishClientSend', ttyTopic(deviceId, '+', 'out')),
  ...DOWNLINK_CHANNELS.map((channel) => allow('subscribePattern', deviceTopic(deviceId, channel))),
  // One terminal session by its id, or all of them with the `+` filter itself.
  allow('subscribePattern', ttyTopic(deviceId, '+', 'in')),
  allow('subscribeLiteral', ttyTopic(deviceId, '+', 'in')),
];

const aclKey = (acl: Acl) => `${acl.acltype} ${acl.topic} ${acl.allow}`;

/** Creates the role, or brings an existing one to exactly these ACLs (idempotent). */
export async function ensureRole(admin: DynsecAdmin, rolename: string, acls: Acl[]): Promise<void> {
  const created = await admin.one({ command: 'createRole', rolename, acls }, [DYNSEC_ERRORS.roleExists]);
  if (!created.error) return;
  const found = await admin.one({ command: 'getRole', rolename });
  const current = ((found.data?.role as { acls?: Acl[] } | undefined)?.acls ?? []).map((a) => ({
    acltype: a.acltype,
    topic: a.topic,
    allow: a.allow,
  }));
  const wanted = new Set(acls.map(aclKey));
  const have = new Set(current.map(aclKey));
  const failed = (
    await admin.run([
      ...current
        .filter((a) => !wanted.has(aclKey(a)))
        .map((a) => ({ command: 'removeRoleACL', rolename, acltype: a.acltype, topic: a.topic })),
      ...acls.filter((a) => !have.has(aclKey(a))).map((a) => ({ command: 'addRoleACL', rolename, ...a })),
    ])
  ).find((r) => r.error);
  if (failed) throw new Error(`dynamic-security ${failed.command} on ${rolename} failed: ${failed.error}`);
}
