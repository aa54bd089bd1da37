/**
 * One browser connection of the live hub: the keys it subscribes to, and writing to it under back-pressure.
 * A browser that does not read is skipped for data a later message replaces (snapshots) above SKIP_ABOVE
 * buffered bytes, and closed above CLOSE_ABOVE.
 */
import { LIVE_CHANNELS, messages, type LiveMessage, type LiveSocketData } from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import type { Identity } from '../http/types.ts';

/** What the hub needs of a browser connection (a `ws` WebSocket in production). */
export interface LiveSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  readonly bufferedAmount: number;
}

export type MessageKey = keyof typeof messages;

export const SKIP_ABOVE = 1024 * 1024;
export const CLOSE_ABOVE = 16 * 1024 * 1024;

export const encode = (channel: string, key: string, data: unknown) =>
  JSON.stringify({ channel, key, data } satisfies LiveMessage);

export class LiveClient {
  /** Per channel, the keys it subscribes to. */
  readonly keys = new Map<string, Set<string>>();
  /** Its messages, handled one after another (a permission check may wait). */
  queue: Promise<void> = Promise.resolve();
  readonly sessionIdHash: string | undefined;
  readonly userId: number;

  constructor(
    readonly socket: LiveSocket,
    /** Who the caller is now: asked again on every subscription. */
    readonly identify: () => Promise<Identity | null>,
    identity: Identity,
    private readonly log: BusLog,
  ) {
    this.sessionIdHash = identity.session?.idHash;
    this.userId = identity.userId;
  }

  /** Writes a message unless the browser reads too slowly (see above). */
  write(text: string, replaceable: boolean): void {
    const buffered = this.socket.bufferedAmount;
    if (buffered > CLOSE_ABOVE) {
      this.socket.close(1013, 'too slow');
      return;
    }
    if (replaceable && buffered > SKIP_ABOVE) return;
    try {
      this.socket.send(text);
    } catch (err) {
      this.log.warn({ err }, 'live update not sent');
    }
  }

  /** A message of the socket itself (the `live` channel): pongs and refusals. */
  tell(data: LiveSocketData): void {
    this.write(encode(LIVE_CHANNELS.live, '', data), false);
  }

  refuse(err: MessageKey, channel?: string, key?: string): void {
    this.tell({ err_message: messages[err], err_code: err, ...(channel !== undefined && { channel, key }) });
  }
}
