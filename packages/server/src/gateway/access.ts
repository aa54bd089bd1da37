/**
 * Who may publish and subscribe what on the embedded broker: a device only under its own
 * `edge/v1/{deviceId}/`, in the direction each channel flows; an enrolling agent only its own serial's
 * enrolment topics. The console itself publishes in-process and is never asked.
 * The same rules are what an external broker's ACL must express (see external-bus.ts).
 */
import {
  DOWNLINK_CHANNELS,
  UPLINK_CHANNELS,
  deviceTopic,
  enrolTopic,
  parseDeviceTopic,
  type DownlinkChannel,
  type UplinkChannel,
} from '@edge/protocol';

export type Peer = { kind: 'device'; deviceId: string } | { kind: 'enrol'; serial: string };

const uplink = new Set<string>(UPLINK_CHANNELS);
const downlink = new Set<string>(DOWNLINK_CHANNELS);
/** A terminal session id is one topic level without wildcards. */
const TTY_OUT = /^tty\/[^/+#]+\/out$/;
const TTY_IN = /^tty\/([^/+#]+|\+)\/in$/;

export function mayPublish(peer: Peer, topic: string): boolean {
  if (peer.kind === 'enrol') return topic === enrolTopic(peer.serial, 'request');
  const parsed = parseDeviceTopic(topic);
  if (!parsed || parsed.deviceId !== peer.deviceId) return false;
  return uplink.has(parsed.channel as UplinkChannel) || TTY_OUT.test(parsed.channel);
}

export function maySubscribe(peer: Peer, filter: string): boolean {
  if (peer.kind === 'enrol') return filter === enrolTopic(peer.serial, 'reply');
  const prefix = deviceTopic(peer.deviceId, 'status').slice(0, -'status'.length);
  if (!filter.startsWith(prefix)) return false;
  const rest = filter.slice(prefix.length);
  return downlink.has(rest as DownlinkChannel) || TTY_IN.test(rest);
}

/** Only the presence word may be retained: it is what a console that starts later must still see. */
export function mayRetain(topic: string): boolean {
  return parseDeviceTopic(topic)?.channel === 'status';
}
