/**
 * One terminal session: the browser's WebSocket on one side, the device's tunnel stream (protocol tunnel.ts,
 * carried by the bus) on the other. Output is passed to the browser and credit goes back to the device only
 * once the browser's socket has written it, so at most one window per session waits here, however slow the
 * browser. The session ends when either side closes, the device goes offline, nobody typed for the idle
 * time, or the caller's sign-in ends; its start and end go to the activity log, its output to a recording.
 * The container terminal is the same session with another far end: the device opens a shell inside one of
 * its running containers (tunnel kind `exec`) instead of its own.
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  decodeFrame,
  encodeFrame,
  messages,
  terminalClientMessage,
  ttyTopic,
  TUNNEL_WINDOW,
  type TerminalCloseReason,
  type TerminalServerMessage,
  type TerminalSize,
  type TunnelFrame,
} from '@edge/protocol';
import type { Bus, BusLog } from '../gateway/index.ts';
import type { DeviceDirectory, DeviceView, RpcService } from '../devices/index.ts';
import { DeviceRpcError } from '../devices/index.ts';
import type { Db } from '../db/schema.ts';
import { recordEvent } from '../activity/events.ts';
import { Recording } from './recording.ts';
import type { TerminalStore } from './store.ts';
import { TowardDevice } from './stream.ts';
import { whenDeviceGone } from './device-gone.ts';
import { idleLimit } from './idle.ts';

/** WebSocket close codes the browser can tell apart. */
export const CLOSE_NORMAL = 1000;
export const CLOSE_BAD_MESSAGE = 1007;
export const CLOSE_UNAVAILABLE = 1011;
/** How long the device has to start its shell. */
const OPEN_DEADLINE_MS = 15_000;
const INITIAL_SIZE: TerminalSize = { cols: 80, rows: 24 };

export interface RelayDeps {
  bus: Bus;
  rpc: RpcService;
  devices: Pick<DeviceDirectory, 'onChange'>;
  store: TerminalStore;
  db: Db;
  log: BusLog;
  idleMs: number;
}

export interface Operator {
  userId: number;
  userName: string;
  ip: string;
  /** May watch but not type (no management grant on Inventory, or a read-only token). */
  readOnly: boolean;
}

/** Where the shell runs: the device's own, or inside one of its containers. */
export interface TerminalTarget {
  container?: string;
}

/** A device's refusal of a session (a container's shell or screen), in the words the browser shows (SPEC 4). */
export function refusalReason(err: unknown): TerminalCloseReason {
  if (!(err instanceof DeviceRpcError)) return 'refused';
  if (err.reason === 'deviceOffline') return 'deviceOffline';
  if (err.reason !== 'remote') return 'refused';
  if (err.message.startsWith(messages.containerNotRunning)) return 'containerNotRunning';
  if (err.message.startsWith(messages.containerNotFound)) return 'containerNotFound';
  return 'refused';
}

/** The sessions open on this console, for tests and the benchmark. */
export interface TerminalCounts {
  open: number;
}

export function terminalRelay(deps: RelayDeps) {
  const open = new Map<string, (reason: TerminalCloseReason) => void>();

  function start(
    ws: WebSocket,
    device: DeviceView,
    who: Operator,
    target: TerminalTarget = {},
  ): { end(reason: TerminalCloseReason): void } {
    const container = target.container ?? null;
    const where = `${device.name} (${device.id})${container ? ` container ${container}` : ''}`;
    const session = randomBytes(16).toString('hex');
    const inTopic = ttyTopic(device.id, session, 'in');
    const outTopic = ttyTopic(device.id, session, 'out');
    const startedAt = Date.now();
    const recording = new Recording(startedAt, INITIAL_SIZE);
    let size = INITIAL_SIZE;
    let ready = false;
    let ended = false;
    let bytes = 0;
    let credit = 0;
    let creditQueued = false;
    const waiting: TerminalSizeOrInput[] = [];
    let unsubscribe: (() => Promise<void>) | null = null;

    const say = (message: TerminalServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const toDevice = (frame: TunnelFrame) =>
      deps.bus
        .publish(inTopic, Buffer.from(encodeFrame(frame)), { qos: 1 })
        .catch(() => end('deviceOffline'));

    // Keystrokes and pastes past the device's credit wait, and the browser's socket is not read meanwhile.
    const toward = new TowardDevice((frame) => void toDevice(frame));
    /** Credit goes back in one frame per turn of the event loop, not one per written message. */
    const giveCredit = (n: number) => {
      credit += n;
      if (creditQueued) return;
      creditQueued = true;
      setImmediate(() => {
        creditQueued = false;
        if (ended || credit === 0) return;
        const bytesBack = credit;
        credit = 0;
        void toDevice({ type: 'credit', bytes: bytesBack });
      });
    };

    const fromDevice = (_topic: string, payload: Buffer) => {
      if (ended) return;
      const frame = decodeFrame(payload);
      if (!frame) return end('refused');
      if (frame.type === 'data') {
        bytes += frame.data.length;
        recording.output(frame.data);
        if (ws.readyState !== ws.OPEN) return;
        const n = frame.data.length;
        ws.send(frame.data, { binary: true }, () => giveCredit(n));
      } else if (frame.type === 'credit') toward.grant(frame.bytes);
      else if (frame.type === 'close') end('ended');
    };

    const apply = (message: TerminalSizeOrInput) => {
      if (message.type === 'resize') {
        size = { cols: message.cols, rows: message.rows };
        recording.resize(size);
        void toDevice({ type: 'resize', ...size });
        return;
      }
      if (who.readOnly) return;
      idle.touch();
      toward.write(Buffer.from(message.data, 'utf8'), () => {
        if (!toward.waiting) ws.resume();
      });
      if (toward.waiting) ws.pause();
    };

    ws.on('message', (data: Buffer, isBinary) => {
      if (ended) return;
      let parsed;
      try {
        parsed = isBinary ? null : terminalClientMessage.safeParse(JSON.parse(data.toString('utf8')));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return end('badMessage');
      if (ready) apply(parsed.data);
      else if (waiting.length < 64) waiting.push(parsed.data);
    });
    ws.on('close', () => end('ended'));

    const idle = idleLimit(deps.idleMs, () => end('idle'));
    const stopWatching = whenDeviceGone(deps.devices, device.id, () => end('deviceOffline'));

    function end(reason: TerminalCloseReason): void {
      if (ended) return;
      ended = true;
      open.delete(session);
      idle.stop();
      stopWatching();
      // The device's stream ends with its close frame; a device that went away has ended it already.
      if (ready && reason !== 'ended' && reason !== 'deviceOffline') void toDevice({ type: 'close', reason });
      else if (ready && ws.readyState !== ws.OPEN) void toDevice({ type: 'close', reason: 'browser left' });
      void unsubscribe?.().catch(() => undefined);
      say({ type: 'closed', reason });
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING)
        ws.close(reason === 'badMessage' ? CLOSE_BAD_MESSAGE : CLOSE_NORMAL, reason);
      const at = Date.now();
      void deps.store
        .ended(session, { at, reason, bytes, cast: recording.text() })
        .then(() =>
          recordEvent(
            deps.db,
            {
              action: 'terminal.end',
              target: `${where} ${reason}, ${Math.round((at - startedAt) / 1000)} s`,
              statusCode: 200,
              user: { id: who.userId, name: who.userName },
              ip: who.ip,
            },
            at,
          ),
        )
        .catch((err: unknown) => deps.log.error({ err, session }, 'terminal session end not recorded'));
    }

    open.set(session, end);
    void (async () => {
      try {
        await deps.store.started({
          id: session,
          deviceId: device.id,
          container,
          userId: who.userId,
          userName: who.userName,
          at: startedAt,
        });
        await recordEvent(deps.db, {
          action: 'terminal.start',
          target: where,
          statusCode: 200,
          user: { id: who.userId, name: who.userName },
          ip: who.ip,
        });
        unsubscribe = await deps.bus.subscribe(outTopic, fromDevice);
        if (ended) return void unsubscribe().catch(() => undefined);
        const waitingSize = [...waiting].reverse().find((m) => m.type === 'resize');
        if (waitingSize?.type === 'resize') {
          size = { cols: waitingSize.cols, rows: waitingSize.rows };
          recording.resize(size);
        }
        const opened = await deps.rpc.call(
          device.id,
          'tunnel.open',
          container
            ? { session, kind: 'exec', container, size, window: TUNNEL_WINDOW }
            : { session, kind: 'shell', size, window: TUNNEL_WINDOW },
          { deadlineMs: OPEN_DEADLINE_MS },
        );
        if (ended) return void toDevice({ type: 'close', reason: 'browser left' });
        toward.opened(opened.window);
        ready = true;
        say({ type: 'ready', session, shell: opened.shell, readOnly: who.readOnly });
        for (const message of waiting.splice(0)) apply(message);
      } catch (err) {
        deps.log.warn({ err, deviceId: device.id }, 'terminal not opened');
        end(refusalReason(err));
      }
    })();
    return { end };
  }

  return {
    start,
    counts: (): TerminalCounts => ({ open: open.size }),
    /** Ends every session (the console stops). */
    stop(): void {
      for (const end of [...open.values()]) end('ended');
    },
  };
}

type TerminalSizeOrInput = ReturnType<typeof terminalClientMessage.parse>;
export type TerminalRelay = ReturnType<typeof terminalRelay>;
