/**
 * Counts what the inbox takes in, per channel, since the console started: the figure a benchmark or an
 * operator divides by time to get messages per second. One integer increment per message.
 */
import type { DeviceChannel } from '@edge/protocol';

export type IngestChannel = DeviceChannel | 'enrol';

export interface IngestCounts {
  /** Messages handed to their service, by channel. */
  accepted: Partial<Record<IngestChannel, number>>;
  /** Messages of known devices that failed their schema. */
  refused: number;
  /** Messages on a device's topic that no adopted device owns. */
  unknownDevice: number;
}

export function ingestCounter() {
  const accepted: Partial<Record<IngestChannel, number>> = {};
  let refused = 0;
  let unknownDevice = 0;
  return {
    accepted(channel: IngestChannel): void {
      accepted[channel] = (accepted[channel] ?? 0) + 1;
    },
    refused(): void {
      refused++;
    },
    unknownDevice(): void {
      unknownDevice++;
    },
    snapshot: (): IngestCounts => ({ accepted: { ...accepted }, refused, unknownDevice }),
  };
}

export type IngestCounter = ReturnType<typeof ingestCounter>;
