/**
 * View only, enforced at the console: the browser's RFB (RFC 6143) read message by message, and what would
 * act on the device (keys, the pointer, the clipboard, resizing its screen) dropped; what only asks for the
 * picture (pixel format, encodings, update requests, fences, continuous updates) passed on. The handshake is
 * passed on as it is, for the security types whose client part is known here (None, VNC authentication);
 * another type, or a message this does not know, ends the session: an unknown length could hide input.
 */
import { Transform, type TransformCallback } from 'node:stream';

const SECURITY_NONE = 1;
const SECURITY_VNC = 2;

/** Client messages that only ask for the picture, and their length from the bytes so far (null: not yet). */
const PASSED: Record<number, (b: Buffer) => number | null> = {
  0: () => 20, // SetPixelFormat
  2: (b) => (b.length < 4 ? null : 4 + 4 * b.readUInt16BE(2)), // SetEncodings
  3: () => 10, // FramebufferUpdateRequest
  150: () => 10, // EnableContinuousUpdates
  248: (b) => (b.length < 9 ? null : 9 + b[8]!), // ClientFence
};
/** Client messages that act on the device: dropped. */
const DROPPED: Record<number, (b: Buffer) => number | null> = {
  4: () => 8, // KeyEvent
  5: () => 6, // PointerEvent
  6: (b) => (b.length < 8 ? null : 8 + b.readUInt32BE(4)), // ClientCutText
  251: (b) => (b.length < 8 ? null : 8 + 16 * b[6]!), // SetDesktopSize
  255: (b) => (b.length < 2 ? null : b[1] === 0 ? 12 : -1), // QEMU extended key event
};

export class RfbViewOnly extends Transform {
  private pending = Buffer.alloc(0);
  /** Bytes of the handshake still to pass: version (12), the security type (1), then its own part. */
  private stage: 'version' | 'security' | 'auth' | 'init' | 'messages' = 'version';

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    try {
      this.drain();
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  private consume(n: number, pass: boolean): void {
    if (pass) this.push(this.pending.subarray(0, n));
    this.pending = this.pending.subarray(n);
  }

  private drain(): void {
    for (;;) {
      const b = this.pending;
      if (this.stage === 'version') {
        if (b.length < 12) return;
        this.consume(12, true);
        this.stage = 'security';
      } else if (this.stage === 'security') {
        if (b.length < 1) return;
        const type = b[0]!;
        if (type !== SECURITY_NONE && type !== SECURITY_VNC)
          throw new Error(`security type ${type} is not one a view-only session can follow`);
        this.consume(1, true);
        this.stage = type === SECURITY_VNC ? 'auth' : 'init';
      } else if (this.stage === 'auth') {
        if (b.length < 16) return;
        this.consume(16, true);
        this.stage = 'init';
      } else if (this.stage === 'init') {
        if (b.length < 1) return;
        this.consume(1, true);
        this.stage = 'messages';
      } else {
        if (b.length < 1) return;
        const passed = PASSED[b[0]!];
        const length = (passed ?? DROPPED[b[0]!])?.(b);
        if (length === undefined || length === -1) throw new Error(`RFB message ${b[0]} is not known here`);
        if (length === null || b.length < length) return;
        this.consume(length, passed !== undefined);
      }
    }
  }
}
