/**
 * WebSocket framing (RFC 6455) for the server side of MQTT over WebSocket: what a device sends is read
 * frame by frame, and what the broker writes is framed. Only what MQTT needs: binary messages (fragmented
 * or not), ping, pong and close; no extensions, so no compression. A device's frames must be masked.
 */

export const OPCODE = {
  continuation: 0x0,
  text: 0x1,
  binary: 0x2,
  close: 0x8,
  ping: 0x9,
  pong: 0xa,
} as const;

/** Close codes (RFC 6455 §7.4.1) the reader answers a broken frame with. */
export const CLOSE_CODE = {
  normal: 1000,
  protocolError: 1002,
  unacceptableData: 1003,
  tooBig: 1009,
} as const;

export type Frame =
  | { kind: 'message'; payload: Buffer }
  | { kind: 'ping'; payload: Buffer }
  | { kind: 'pong' }
  | { kind: 'close'; code: number };

export class FrameError extends Error {
  constructor(
    readonly closeCode: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_CONTROL_PAYLOAD = 125;

/**
 * Turns the bytes of one connection into frames. A frame split over several reads waits for the rest;
 * a message split over several frames is joined. Throws FrameError on anything a device may not send.
 */
export class FrameReader {
  private partial: Buffer | null = null;
  private fragments: Buffer[] | null = null;
  private fragmentBytes = 0;

  constructor(private readonly maxPayload: number) {}

  read(chunk: Buffer, onFrame: (frame: Frame) => void): void {
    const bytes = this.partial ? Buffer.concat([this.partial, chunk]) : chunk;
    this.partial = null;
    let offset = 0;
    while (offset < bytes.length) {
      const end = this.readFrame(bytes, offset, onFrame);
      if (end === null) {
        // Copied: a view would keep the whole read buffer alive until the frame's last byte arrives.
        this.partial = Buffer.from(bytes.subarray(offset));
        return;
      }
      offset = end;
    }
  }

  /** Reads the frame at `offset`; returns where the next one starts, or null when it is not all here. */
  private readFrame(bytes: Buffer, offset: number, onFrame: (frame: Frame) => void): number | null {
    if (bytes.length - offset < 2) return null;
    const first = bytes.readUInt8(offset);
    const second = bytes.readUInt8(offset + 1);
    const fin = (first & 0x80) !== 0;
    const opcode = first & 0x0f;
    if ((first & 0x70) !== 0) throw new FrameError(CLOSE_CODE.protocolError, 'no extension was agreed');
    if ((second & 0x80) === 0)
      throw new FrameError(CLOSE_CODE.protocolError, 'a client frame must be masked');

    let length = second & 0x7f;
    let headerEnd = offset + 2;
    if (length === 126) {
      if (bytes.length < offset + 4) return null;
      length = bytes.readUInt16BE(offset + 2);
      headerEnd = offset + 4;
    } else if (length === 127) {
      if (bytes.length < offset + 10) return null;
      if (bytes.readUInt32BE(offset + 2) !== 0) throw new FrameError(CLOSE_CODE.tooBig, 'frame too big');
      length = bytes.readUInt32BE(offset + 6);
      headerEnd = offset + 10;
    }
    const control = opcode >= OPCODE.close;
    if (control && (!fin || length > MAX_CONTROL_PAYLOAD))
      throw new FrameError(CLOSE_CODE.protocolError, 'bad control frame');
    if (length + (control ? 0 : this.fragmentBytes) > this.maxPayload)
      throw new FrameError(CLOSE_CODE.tooBig, 'message too big');

    const payloadStart = headerEnd + 4;
    const end = payloadStart + length;
    if (bytes.length < end) return null;
    const payload = bytes.subarray(payloadStart, end);
    unmask(payload, bytes.subarray(headerEnd, payloadStart));
    this.dispatch(opcode, fin, payload, onFrame);
    return end;
  }

  private dispatch(opcode: number, fin: boolean, payload: Buffer, onFrame: (frame: Frame) => void): void {
    switch (opcode) {
      case OPCODE.binary:
      case OPCODE.continuation: {
        if ((opcode === OPCODE.continuation) !== (this.fragments !== null))
          throw new FrameError(CLOSE_CODE.protocolError, 'unexpected continuation');
        if (fin && !this.fragments) return onFrame({ kind: 'message', payload });
        (this.fragments ??= []).push(payload);
        this.fragmentBytes += payload.length;
        if (!fin) return;
        const message = Buffer.concat(this.fragments, this.fragmentBytes);
        this.fragments = null;
        this.fragmentBytes = 0;
        return onFrame({ kind: 'message', payload: message });
      }
      case OPCODE.ping:
        return onFrame({ kind: 'ping', payload });
      case OPCODE.pong:
        return onFrame({ kind: 'pong' });
      case OPCODE.close:
        return onFrame({
          kind: 'close',
          code: payload.length >= 2 ? payload.readUInt16BE(0) : CLOSE_CODE.normal,
        });
      case OPCODE.text:
        throw new FrameError(CLOSE_CODE.unacceptableData, 'MQTT over WebSocket is binary');
      default:
        throw new FrameError(CLOSE_CODE.protocolError, 'unknown opcode');
    }
  }
}

function unmask(payload: Buffer, mask: Buffer): void {
  for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i & 3] as number);
}

/** One unmasked frame from the server: header and payload in one buffer, so one socket write. */
export function frame(opcode: number, payloads: readonly Buffer[]): Buffer {
  let length = 0;
  for (const payload of payloads) length += payload.length;
  const headerLength = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const out = Buffer.allocUnsafe(headerLength + length);
  out[0] = 0x80 | opcode;
  if (length < 126) {
    out[1] = length;
  } else if (length < 0x10000) {
    out[1] = 126;
    out.writeUInt16BE(length, 2);
  } else {
    out[1] = 127;
    out.writeUInt32BE(0, 2);
    out.writeUInt32BE(length, 6);
  }
  let at = headerLength;
  for (const payload of payloads) at += payload.copy(out, at);
  return out;
}

export function closeFrame(code: number): Buffer {
  const payload = Buffer.allocUnsafe(2);
  payload.writeUInt16BE(code, 0);
  return frame(OPCODE.close, [payload]);
}
