/**
 * Retained messages of the embedded broker, indexed for reconnect storms. aedes' memory persistence
 * answers "which retained messages match this new subscription" by testing every retained topic against
 * it. Every device's presence word is retained, so N devices subscribing after an outage cost N x N topic
 * matches: the bench measured a 2,000-device storm spending a fifth of the console's CPU there, growing
 * with the square of the fleet. Here a filter without wildcards is one map lookup, a filter whose first
 * HEAD_LEVELS levels are literal (a device's `edge/v1/{id}/tty/+/in`) scans only the topics under that head,
 * and only the rest (the console's own `edge/v1/+/...`, subscribed once at start) scans them all.
 */
import { Readable } from 'node:stream';
import { topicMatches } from './topic-filter.ts';

/** `edge/v1/{deviceId}`: the levels that say whose a topic is. */
const HEAD_LEVELS = 3;

/** The part of aedes' persistence that keeps retained messages (callback-free, as aedes 1.x calls it). */
export interface RetainedPersistence {
  storeRetained(packet: RetainedPacket): Promise<void>;
  createRetainedStream(pattern: string): Readable;
  createRetainedStreamCombi(patterns: string[]): Readable;
}

export interface RetainedPacket {
  topic: string;
  payload: Buffer;
}

const isWildcard = (level: string) => level === '+' || level === '#';
const headOf = (levels: string[]) => levels.slice(0, HEAD_LEVELS).join('/');

/** MQTT 4.7.2: filters starting with a wildcard do not match topics starting with `$`. */
const matches = (filter: string, topic: string) =>
  !(topic.startsWith('$') && isWildcard(filter.split('/', 1)[0]!)) && topicMatches(filter, topic);

export function retainedIndex<P extends RetainedPacket>() {
  const byTopic = new Map<string, P>();
  const byHead = new Map<string, Set<string>>();

  function* matching(pattern: string): Generator<P> {
    const levels = pattern.split('/');
    const firstWildcard = levels.findIndex(isWildcard);
    if (firstWildcard < 0) {
      const packet = byTopic.get(pattern);
      if (packet) yield packet;
      return;
    }
    const topics = firstWildcard >= HEAD_LEVELS ? (byHead.get(headOf(levels)) ?? []) : byTopic.keys();
    for (const topic of topics) if (matches(pattern, topic)) yield byTopic.get(topic)!;
  }

  return {
    /** An empty payload clears the topic's retained message (MQTT 3.3.1.3). */
    store(packet: P): void {
      const head = headOf(packet.topic.split('/'));
      if (packet.payload.length === 0) {
        byTopic.delete(packet.topic);
        const topics = byHead.get(head);
        topics?.delete(packet.topic);
        if (topics?.size === 0) byHead.delete(head);
        return;
      }
      // A copy: the parsed payload is a slice of the frame it came in, and a retained slice would keep that
      // whole frame alive for as long as the word stands (the bench's heap at 10,000 devices: 36 MiB of
      // frames held for a few bytes each).
      byTopic.set(packet.topic, { ...packet, payload: Buffer.from(packet.payload) });
      let topics = byHead.get(head);
      if (!topics) byHead.set(head, (topics = new Set()));
      topics.add(packet.topic);
    },
    *matching(patterns: string[]): Generator<P> {
      for (const pattern of patterns) yield* matching(pattern);
    },
    get size(): number {
      return byTopic.size;
    },
  };
}

/** Makes an aedes persistence keep and look up its retained messages through the index. */
export function indexRetained(persistence: RetainedPersistence): void {
  const index = retainedIndex<RetainedPacket>();
  persistence.storeRetained = async (packet) => index.store(packet);
  persistence.createRetainedStream = (pattern) => Readable.from(index.matching([pattern]));
  persistence.createRetainedStreamCombi = (patterns) => Readable.from(index.matching(patterns));
}
