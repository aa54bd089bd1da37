/**
 * The remote desktop (issue 19): the browser's noVNC on one side, the device's VNC server on the other,
 * through a `desktop` tunnel stream (stream.ts, the same credit as jump to device). The console is the
 * websockify of this path: binary WebSocket messages carry RFB byte for byte, and each side is read only as
 * fast as the other takes it (ws's stream's backpressure one way, the tunnel's credit the other), so a slow
 * browser holds the device's VNC server, not the console's memory. The session ends when either side
 * closes, the device goes offline, or the caller's sign-in ends; its start and end are in the activity log.
 * An operator who may only watch has the browser's RFB read through RfbViewOnly: their keys and pointer
 * never reach the device.
 */
import { pipeline } from 'node:stream';
import { createWebSocketStream, type WebSocket } from 'ws';
import type { TerminalCloseReason } from '@edge/protocol';
import type { Bus, BusLog } from '../gateway/index.ts';
import type { DeviceDirectory, DeviceView, RpcService } from '../devices/index.ts';
import { DeviceRpcError } from '../devices/index.ts';
import type { Db } from '../db/schema.ts';
import { recordEvent } from '../activity/events.ts';
import { CLOSE_NORMAL, CLOSE_UNAVAILABLE, type Operator } from './relay.ts';
import { openTunnelStream } from './stream.ts';
import { RfbViewOnly } from './rfb-view-only.ts';
import { whenDeviceGone } from './device-gone.ts';

export interface DesktopDeps {
  bus: Bus;
  rpc: RpcService;
  devices: Pick<DeviceDirectory, 'onChange'>;
  db: Db;
  log: BusLog;
}

export function desktopBridge(deps: DesktopDeps) {
  const open = new Set<(reason: TerminalCloseReason) => void>();

  function start(
    ws: WebSocket,
    device: DeviceView,
    who: Operator,
  ): { end(reason: TerminalCloseReason): void } {
    const where = `${device.name} (${device.id}) desktop${who.readOnly ? ' (view only)' : ''}`;
    const startedAt = Date.now();
    const user = { id: who.userId, name: who.userName };
    let ended = false;
    let bytes = 0;
    let cut: (() => void) | null = null;

    const stopWatching = whenDeviceGone(deps.devices, device.id, () => end('deviceOffline'));

    function end(reason: TerminalCloseReason): void {
      if (ended) return;
      ended = true;
      open.delete(end);
      stopWatching();
      cut?.();
      // The word the browser reads on the close event, as the terminal's socket says it.
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING)
        ws.close(reason === 'ended' ? CLOSE_NORMAL : CLOSE_UNAVAILABLE, reason);
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
        const stream = await openTunnelStream(deps, device.id, { kind: 'desktop' });
        if (ended) return void stream.destroy();
        const socket = createWebSocketStream(ws);
        stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
        cut = () => {
          stream.destroy();
          socket.destroy();
        };
        // Each direction ends the session when it ends: the VNC server hung up, or the browser left.
        pipeline(stream, socket, () => end('ended'));
        const towardDevice = who.readOnly ? [socket, new RfbViewOnly(), stream] : [socket, stream];
        pipeline(towardDevice, () => end('ended'));
      } catch (err) {
        deps.log.warn({ err, deviceId: device.id }, 'desktop not opened');
        end(err instanceof DeviceRpcError && err.reason === 'deviceOffline' ? 'deviceOffline' : 'refused');
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
