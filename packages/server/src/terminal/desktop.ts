/**
 * The remote desktop (issue 19): the browser's noVNC on one side, the device's VNC server on the other,
 * through a `desktop` tunnel stream (stream.ts, the same credit as jump to device). The console is the
 * websockify of this path: binary WebSocket messages carry RFB byte for byte, and each side is read only as
 * fast as the other takes it (ws's stream's backpressure one way, the tunnel's credit the other), so a slow
 * browser holds the device's VNC server, not the console's memory. A container's graphical session is the same
 * bridge to the VNC server the device finds for that container's UUID. The session ends when either side
 * closes, the device goes offline, nobody used keys or the pointer for the terminal's idle time, or the
 * caller's sign-in ends; its start and end are in the activity log. The browser's RFB is read through
 * RfbClientReader, which tells that use apart from noVNC's update requests and, for an operator who may
 * only watch, drops their keys and pointer so they never reach the device.
 */
import { pipeline } from 'node:stream';
import { createWebSocketStream, type WebSocket } from 'ws';
import type { TerminalCloseReason } from '@edge/protocol';
import type { Bus, BusLog } from '../gateway/index.ts';
import type { DeviceDirectory, DeviceView, RpcService } from '../devices/index.ts';
import type { Db } from '../db/schema.ts';
import { recordEvent } from '../activity/events.ts';
import { CLOSE_NORMAL, CLOSE_UNAVAILABLE, refusalReason, type Operator } from './relay.ts';
import { openTunnelStream } from './stream.ts';
import { RfbClientReader } from './rfb-view-only.ts';
import { whenDeviceGone } from './device-gone.ts';
import { idleLimit } from './idle.ts';

export interface DesktopDeps {
  bus: Bus;
  rpc: RpcService;
  devices: Pick<DeviceDirectory, 'onChange'>;
  db: Db;
  log: BusLog;
  /** The terminal's idle limit (TERMINAL_IDLE_MINUTES): keys and the pointer are use, watching is not. */
  idleMs: number;
}

/** Whose VNC server: the device's own, or that of its container with this UUID. */
export interface DesktopTarget {
  uuid?: string;
}

export function desktopBridge(deps: DesktopDeps) {
  const open = new Set<(reason: TerminalCloseReason) => void>();

  function start(
    ws: WebSocket,
    device: DeviceView,
    who: Operator,
    target: DesktopTarget = {},
  ): { end(reason: TerminalCloseReason): void } {
    const place = target.uuid ? ` container ${target.uuid}` : '';
    const where = `${device.name} (${device.id})${place} desktop${who.readOnly ? ' (view only)' : ''}`;
    const startedAt = Date.now();
    const user = { id: who.userId, name: who.userName };
    let ended = false;
    let bytes = 0;
    let cut: (() => void) | null = null;
    /** Stops the screen's bytes toward a socket that is closing. */
    let hold: (() => void) | null = null;

    const stopWatching = whenDeviceGone(deps.devices, device.id, () => end('deviceOffline'));
    const idle = idleLimit(deps.idleMs, () => end('idle'));

    function end(reason: TerminalCloseReason): void {
      if (ended) return;
      ended = true;
      open.delete(end);
      stopWatching();
      idle.stop();
      // The word the browser reads on the close event, as the terminal's socket says it. The streams go only
      // once the socket has closed: destroying its stream before would drop the connection without the word.
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) {
        hold?.();
        ws.once('close', () => cut?.());
        ws.close(reason === 'ended' ? CLOSE_NORMAL : CLOSE_UNAVAILABLE, reason);
      } else cut?.();
      const at = Date.now();
      void recordEvent(
        deps.db,
        {
          action: 'desktop.end',
          target: `${where} ${reason}, ${Math.round((at - startedAt) / 1000)} s, ${bytes} bytes`,
          statusCode: 200,
          user,
          ip: who.ip,
        },
        at,
      ).catch((err: unknown) =>
        deps.log.error({ err, deviceId: device.id }, 'desktop session end not recorded'),
      );
    }

    open.add(end);
    ws.once('close', () => end('ended'));
    void (async () => {
      try {
        await recordEvent(deps.db, {
          action: 'desktop.start',
          target: where,
          statusCode: 200,
          user,
          ip: who.ip,
        });
        const stream = await openTunnelStream(deps, device.id, { kind: 'desktop', ...target });
        if (ended) return void stream.destroy();
        const socket = createWebSocketStream(ws);
        stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
        cut = () => {
          stream.destroy();
          socket.destroy();
        };
        hold = () => {
          stream.unpipe(socket);
          stream.pause();
        };
        // Each direction ends the session when it ends: the VNC server hung up, or the browser left.
        pipeline(stream, socket, () => end('ended'));
        const reader = new RfbClientReader({ viewOnly: who.readOnly, onInput: () => idle.touch() });
        pipeline(socket, reader, stream, () => end('ended'));
      } catch (err) {
        deps.log.warn({ err, deviceId: device.id }, 'desktop not opened');
        end(refusalReason(err));
      }
    })();
    return { end };
  }

  return {
    start,
    counts: () => ({ open: open.size }),
    stop(): void {
      for (const end of [...open]) end('ended');
    },
  };
}

export type DesktopBridge = ReturnType<typeof desktopBridge>;
