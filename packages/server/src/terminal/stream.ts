/**
 * A tunnel stream to a device-local TCP port as a Node Duplex (jump to device, the remote desktop): what
 * Node's http client, the reverse proxy and the desktop's socket read and write. Credit goes back to the device as the reader takes the bytes
 * (`_read`), so a slow browser downloading through it holds the device's socket, not the console's memory.
 */
import { randomBytes } from 'node:crypto';
import { Duplex } from 'node:stream';
import {
  CreditWindow,
  decodeFrame,
  encodeFrame,
  ttyTopic,
  TUNNEL_MAX_FRAME,
  TUNNEL_WINDOW,
  type TunnelFrame,
} from '@edge/protocol';
import type { Bus } from '../gateway/index.ts';
import type { RpcService } from '../devices/index.ts';

const OPEN_DEADLINE_MS = 15_000;

/**
 * Data toward the device, no more in flight than it granted (console→device flow control): what its window
 * does not allow waits here, and each write's `sent` is called once its last byte went, so the caller holds
 * its source (the browser's socket, an upload) until then. A device that named no window (an older agent)
 * is sent to at once.
 */
export class TowardDevice {
  private window: CreditWindow | null = null;
  private readonly queue: { data: Uint8Array; sent?: () => void }[] = [];

  constructor(private readonly send: (frame: TunnelFrame) => void) {}

  /** The device's answer to tunnel.open named its window (or none). */
  opened(window: number | undefined): void {
    this.window = window === undefined ? null : new CreditWindow(window);
    this.pump();
  }

  write(data: Uint8Array, sent?: () => void): void {
    this.queue.push({ data, sent });
    this.pump();
  }

  grant(bytes: number): void {
    this.window?.grant(bytes);
    this.pump();
  }

  /** Something waits for credit. */
  get waiting(): boolean {
    return this.queue.length > 0;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      const n = this.window
        ? this.window.take(head.data.length)
        : Math.min(head.data.length, TUNNEL_MAX_FRAME);
      if (n === 0) return;
      this.send({ type: 'data', data: head.data.subarray(0, n) });
      if (n < head.data.length) head.data = head.data.subarray(n);
      else {
        this.queue.shift();
        head.sent?.();
      }
    }
  }
}

/** A device-local TCP port of the jump-to services (jump to device, remote help). */
export const openTcpStream = (deps: { bus: Bus; rpc: RpcService }, deviceId: string, port: number) =>
  openTunnelStream(deps, deviceId, { kind: 'tcp', port });

/** What the stream reaches: a TCP port of the jump-to services, or the device's VNC server. */
export type StreamTarget = { kind: 'tcp'; port: number } | { kind: 'desktop'; uuid?: string };

export async function openTunnelStream(
  deps: { bus: Bus; rpc: RpcService },
  deviceId: string,
  target: StreamTarget,
): Promise<Duplex> {
  const session = randomBytes(16).toString('hex');
  const inTopic = ttyTopic(deviceId, session, 'in');
  const outTopic = ttyTopic(deviceId, session, 'out');
  let owed = 0;
  let ended = false;
  const send = (frame: TunnelFrame) => deps.bus.publish(inTopic, Buffer.from(encodeFrame(frame)), { qos: 1 });
  const toward = new TowardDevice((frame) => void send(frame).catch((err: Error) => stream.destroy(err)));

  const finish = (tellDevice: boolean) => {
    if (ended) return;
    ended = true;
    void unsubscribe().catch(() => undefined);
    if (tellDevice) void send({ type: 'close', reason: 'closed by the console' }).catch(() => undefined);
  };

  const stream = new Duplex({
    read() {
      // The reader wants more: hand back the credit of what it has taken.
      if (owed > 0 && !ended) {
        const bytes = owed;
        owed = 0;
        void send({ type: 'credit', bytes }).catch((err: Error) => stream.destroy(err));
      }
    },
    write(chunk: Buffer, _encoding, callback) {
      if (ended) return callback(new Error('the device closed the stream'));
      // The next chunk is asked for only once the device's credit let this one go.
      toward.write(chunk, () => callback());
    },
    final(callback) {
      callback();
    },
    destroy(err, callback) {
      finish(true);
      callback(err);
    },
  });

  const unsubscribe = await deps.bus.subscribe(outTopic, (_topic, payload) => {
    if (ended) return;
    const frame = decodeFrame(payload);
    if (!frame) return stream.destroy(new Error('bad frame from the device'));
    if (frame.type === 'data') {
      owed += frame.data.length;
      stream.push(Buffer.from(frame.data));
    } else if (frame.type === 'credit') {
      toward.grant(frame.bytes);
    } else if (frame.type === 'close') {
      finish(false);
      stream.push(null);
    }
  });
  try {
    const opened = await deps.rpc.call(
      deviceId,
      'tunnel.open',
      { session, ...target, size: { cols: 80, rows: 24 }, window: TUNNEL_WINDOW },
      { deadlineMs: OPEN_DEADLINE_MS },
    );
    toward.opened(opened.window);
  } catch (err) {
    finish(false);
    throw err;
  }
  return stream;
}
