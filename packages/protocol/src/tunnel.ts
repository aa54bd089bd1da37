/**
 * The device tunnel (issue 19): interactive streams (a shell now; device-local TCP ports next) between the
 * console and a device, carried on the device's own MQTT connection under `tty/{session}/in|out`.
 * The broker already lets a device publish only under its own topics (per-device authentication); a session
 * id is 128 random bits the console makes and the device accepts only after `tunnel.open` named it
 * (per-session authentication). Each topic is one stream, so the one connection multiplexes them.
 *
 * Flow control is by credit, both ways: the sender of data may have at most the window the receiver granted
 * in flight; the receiver grants more only once it has passed the bytes on (the console: once the browser's
 * socket has written them; the device: once its shell or local socket took them). A slow browser therefore
 * stops the device's shell, and a slow device service the browser's upload, instead of growing a buffer.
 *
 * A frame is one MQTT payload: one type byte, then its body.
 */
import { z } from 'zod';

/** Bytes a sender may have in flight before it waits for credit. */
export const TUNNEL_WINDOW = 64 * 1024;
/** Largest data frame a side sends; a bigger one is refused as a protocol error. */
export const TUNNEL_MAX_FRAME = 16 * 1024;
export const TUNNEL_SESSION_PATTERN = /^[0-9a-f]{32}$/;

export const tunnelFrameTypes = { data: 0, resize: 1, credit: 2, close: 3 } as const;

export type TunnelFrame =
  | { type: 'data'; data: Uint8Array }
  | { type: 'resize'; cols: number; rows: number }
  | { type: 'credit'; bytes: number }
  | { type: 'close'; reason: string };

export const terminalSize = z.object({
  cols: z.number().int().min(2).max(1000),
  rows: z.number().int().min(1).max(1000),
});
export type TerminalSize = z.infer<typeof terminalSize>;

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

function header(type: number, bodyLength: number): { out: Uint8Array; view: DataView } {
  const out = new Uint8Array(1 + bodyLength);
  out[0] = type;
  return { out, view: new DataView(out.buffer) };
}

/** Plain Uint8Array, not Node's Buffer: the web package imports this module too. */
export function encodeFrame(frame: TunnelFrame): Uint8Array {
  switch (frame.type) {
    case 'data': {
      const { out } = header(tunnelFrameTypes.data, frame.data.length);
      out.set(frame.data, 1);
      return out;
    }
    case 'resize': {
      const { out, view } = header(tunnelFrameTypes.resize, 4);
      view.setUint16(1, frame.cols);
      view.setUint16(3, frame.rows);
      return out;
    }
    case 'credit': {
      const { out, view } = header(tunnelFrameTypes.credit, 4);
      view.setUint32(1, frame.bytes);
      return out;
    }
    case 'close': {
      const reason = utf8.encode(frame.reason.slice(0, 200));
      const { out } = header(tunnelFrameTypes.close, reason.length);
      out.set(reason, 1);
      return out;
    }
  }
}

/** The frame in a payload, or null when it is not one (wrong type, wrong length, data too large). */
export function decodeFrame(payload: Uint8Array): TunnelFrame | null {
  if (payload.length === 0) return null;
  const body = payload.subarray(1);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  switch (payload[0]) {
    case tunnelFrameTypes.data:
      return body.length <= TUNNEL_MAX_FRAME ? { type: 'data', data: body } : null;
    case tunnelFrameTypes.resize: {
      if (body.length !== 4) return null;
      const size = terminalSize.safeParse({ cols: view.getUint16(0), rows: view.getUint16(2) });
      return size.success ? { type: 'resize', ...size.data } : null;
    }
    case tunnelFrameTypes.credit:
      return body.length === 4 ? { type: 'credit', bytes: view.getUint32(0) } : null;
    case tunnelFrameTypes.close:
      return body.length <= 800 ? { type: 'close', reason: fromUtf8.decode(body) } : null;
    default:
      return null;
  }
}

/**
 * The sending side's account of credit: `take` as much of a chunk as the window allows, `grant` what the
 * receiver gave back. Both ends use it, so they count the same way.
 */
export class CreditWindow {
  private available: number;
  constructor(window = TUNNEL_WINDOW) {
    this.available = window;
  }
  get credit(): number {
    return this.available;
  }
  /** How many of `wanted` bytes may go now (and counts them as gone). */
  take(wanted: number): number {
    const n = Math.min(wanted, this.available, TUNNEL_MAX_FRAME);
    this.available -= n;
    return n;
  }
  grant(bytes: number): void {
    // A receiver granting more than the window is broken or hostile: never past the window.
    this.available = Math.min(this.available + bytes, TUNNEL_WINDOW);
  }
}

/**
 * What kind of stream `tunnel.open` asks the device for: its shell, a TCP port of its own (jump to device),
 * a shell inside one of its running containers (the container terminal: the engine's exec with a TTY), or
 * its VNC server (the remote desktop: the device picks the port, DESKTOP_VNC_PORT unless set otherwise), or
 * with `uuid` that of the container with that UUID (the container's graphical session).
 */
export const tunnelKinds = ['shell', 'tcp', 'exec', 'desktop'] as const;
/** Where a device's VNC server listens (on its own loopback) for the remote desktop. */
export const DESKTOP_VNC_PORT = 5900;

export const tunnelOpenParams = z.object({
  session: z.string().regex(TUNNEL_SESSION_PATTERN),
  kind: z.enum(tunnelKinds),
  size: terminalSize,
  /** Bytes the console accepts before its first credit. */
  window: z.number().int().positive().max(TUNNEL_WINDOW),
  /** For `tcp`: the device-local port (127.0.0.1) to connect to. */
  port: z.number().int().min(1).max(65535).optional(),
  /** For `exec`: the container's name on the device. */
  container: z.string().min(1).max(128).optional(),
  /** For `desktop`: the VNC server of the container with this UUID instead of the device's own. */
  uuid: z.string().min(1).max(64).optional(),
});
export const tunnelOpenResult = z.object({
  /** What runs at the other end, e.g. `/bin/bash -l` or `simulated shell`. */
  shell: z.string().max(200),
  /**
   * Bytes the device takes before its first credit (console→device flow control: the device grants more
   * on its `out` topic once it has written them on). An agent that names none grants none and is sent to
   * without waiting.
   */
  window: z.number().int().positive().max(TUNNEL_WINDOW).optional(),
});
