/**
 * The browser's RFB (RFC 6143) read message by message at the console, for two things. Use: what acts on the
 * device (keys, the pointer, the clipboard, resizing its screen) is what keeps a desktop session from its
 * idle limit, not the update requests noVNC sends all the time. View only: those messages are dropped and
 * what only asks for the picture (pixel format, encodings, update requests, fences, continuous updates) is
 * passed on. The handshake is passed on as it is, for the security types whose client part is known here
 * (None, VNC authentication); with another type, or a message this does not know, a view-only session ends
 * (an unknown length could hide input) while one that may type is passed on unread, every chunk counted
 * as use (an idle limit that cannot tell must not cut a session in use).
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

export interface RfbClientOptions {
  /** Drop what acts on the device. */
  viewOnly: boolean;
  /** Told of each message that acts on the device and is passed on (a watcher's do not count). */
  onInput?: () => void;
}

class NotFollowed extends Error {}

export class RfbClientReader extends Transform {
  private pending = Buffer.alloc(0);
  /** Bytes of the handshake still to pass: version (12), the security type (1), then its own part. */
  private stage: 'version' | 'security' | 'auth' | 'init' | 'messages' | 'unread' = 'version';

  constructor(private readonly options: RfbClientOptions) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.stage === 'unread') {
      this.options.onInput?.();
      return done(null, chunk);
    }
    this.pending = Buffer.concat([this.pending, chunk]);
    try {
      this.drain();
      done();
    } catch (err) {
      if (!(err instanceof NotFollowed) || this.options.viewOnly) return done(err as Error);
      this.stage = 'unread';
      this.options.onInput?.();
      this.consume(this.pending.length, true);
      done();
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
          throw new NotFollowed(`security type ${type} is not one a view-only session can follow`);
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
        if (length === undefined || length === -1)
          throw new NotFollowed(`RFB message ${b[0]} is not known here`);
        if (length === null || b.length < length) return;
        if (!passed && !this.options.viewOnly) this.options.onInput?.();
        this.consume(length, passed !== undefined || !this.options.viewOnly);
      }
    }
  }
}

/** View only: the filter with nothing to tell. */
export class RfbViewOnly extends RfbClientReader {
  constructor() {
    super({ viewOnly: true });
  }
}
