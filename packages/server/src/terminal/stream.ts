/**
 * A tunnel stream to a device-local TCP port as a Node Duplex (jump to device): what Node's http client
 * and the reverse proxy read and write. Credit goes back to the device as the reader takes the bytes
 * (`_read`), so a slow browser downloading through it holds the device's socket, not the console's memory.
 */
import { randomBytes } from 'node:crypto';
import { Duplex } from 'node:stream';
import {
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

export async function openTcpStream(
  deps: { bus: Bus; rpc: RpcService },
  deviceId: string,
  port: number,
): Promise<Duplex> {
  const session = randomBytes(16).toString('hex');
  const inTopic = ttyTopic(deviceId, session, 'in');
  const outTopic = ttyTopic(deviceId, session, 'out');
  let owed = 0;
  let ended = false;
  const send = (frame: TunnelFrame) => deps.bus.publish(inTopic, Buffer.from(encodeFrame(frame)), { qos: 1 });

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
      const parts: Promise<void>[] = [];
      for (let at = 0; at < chunk.length; at += TUNNEL_MAX_FRAME)
        parts.push(send({ type: 'data', data: chunk.subarray(at, at + TUNNEL_MAX_FRAME) }));
      Promise.all(parts).then(() => callback(), callback);
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
    } else if (frame.type === 'close') {
      finish(false);
      stream.push(null);
    }
  });
  try {
    await deps.rpc.call(
      deviceId,
      'tunnel.open',
      { session, kind: 'tcp', port, size: { cols: 80, rows: 24 }, window: TUNNEL_WINDOW },
      { deadlineMs: OPEN_DEADLINE_MS },
    );
  } catch (err) {
    finish(false);
    throw err;
  }
  return stream;
}
