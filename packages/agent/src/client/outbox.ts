/**
 * Messages that must not be lost while the device is disconnected (events, alarms), bounded: when the
 * connection stays down, the oldest go first. Heartbeats and telemetry are never queued: the next one
 * replaces them.
 */
import type { UplinkChannel } from '@edge/protocol';

/** The channel, not the topic: a device enrolled again under a new id sends it under the new one. */
export interface OutboxMessage {
  channel: UplinkChannel;
  payload: string;
}

export const DEFAULT_OUTBOX_LIMIT = 200;

export class Outbox {
  private items: OutboxMessage[] = [];
  dropped = 0;

  constructor(private readonly limit = DEFAULT_OUTBOX_LIMIT) {}

  push(message: OutboxMessage): void {
    this.items.push(message);
    if (this.items.length > this.limit) {
      this.items.shift();
      this.dropped++;
    }
  }

  /** Everything queued, oldest first; the outbox is empty afterwards. */
  drain(): OutboxMessage[] {
    const items = this.items;
    this.items = [];
    return items;
  }

  get size(): number {
    return this.items.length;
  }
}
