/**
 * The browser's terminal socket (SPEC 4, 7): `/websocket/v1/inventory/terminal?id=`. The browser sends text
 * messages (keystrokes and resizes); the console sends the shell's output as binary messages and its own
 * word (ready, closed) as text.
 */
import { z } from 'zod';
import { terminalSize } from './tunnel.ts';
import type { SecureMode } from './device-messages.ts';

export const TERMINAL_SOCKET_PATH = '/websocket/v1/inventory/terminal';
/** Largest browser message taken (a paste); a bigger one closes the socket with 1009. */
export const TERMINAL_MAX_MESSAGE = 64 * 1024;
/** Terminal sessions' recordings and their replay. */
export const TERMINAL_API = '/api/v1/inventory/terminal';

export const terminalQuery = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) });

/**
 * The container terminal (SPEC 7): `/websocket/v1/container/terminal?id=&containerName=`, a shell inside a
 * running container of the device, over the same socket messages, tunnel and recording as the device's; or
 * `?id=&uuid=`, the graphical session of a container with a UUID: its VNC server (in the container or beside
 * it in its network namespace) as the remote desktop's socket carries it, RFB byte for byte. One of the two.
 */
export const CONTAINER_TERMINAL_SOCKET_PATH = '/websocket/v1/container/terminal';
/** A container's UUID as its engine label carries it (a UUID, or another token the owner gave it). */
export const containerUuid = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/);
export const containerTerminalQuery = terminalQuery
  .extend({
    containerName: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/)
      .optional(),
    uuid: containerUuid.optional(),
  })
  .refine((q) => (q.containerName === undefined) !== (q.uuid === undefined), {
    message: 'containerName or uuid, one of the two',
  });
export type ContainerTerminalQuery = z.infer<typeof containerTerminalQuery>;

/**
 * The remote desktop (issue 19): `/websocket/v1/inventory/desktop?id=`, the device's VNC server through the
 * tunnel. The socket carries the RFB protocol itself, byte for byte in binary messages (what noVNC speaks
 * to websockify), so the browser's noVNC talks to the device's server as if beside it.
 */
export const DESKTOP_SOCKET_PATH = '/websocket/v1/inventory/desktop';
export const desktopQuery = terminalQuery;

export const terminalClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('input'), data: z.string().min(1).max(TERMINAL_MAX_MESSAGE) }),
  z.object({ type: z.literal('resize') }).merge(terminalSize),
]);
export type TerminalClientMessage = z.infer<typeof terminalClientMessage>;

export const terminalCloseReasons = [
  'ended',
  'idle',
  'deviceOffline',
  'refused',
  'tooLarge',
  'badMessage',
  'signedOut',
  'licenseLocked',
  // The container terminal: the app is not running, or no longer there.
  'containerNotRunning',
  'containerNotFound',
] as const;
export type TerminalCloseReason = (typeof terminalCloseReasons)[number];

export const terminalServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), session: z.string(), shell: z.string(), readOnly: z.boolean() }),
  z.object({ type: z.literal('closed'), reason: z.enum(terminalCloseReasons) }),
]);
export type TerminalServerMessage = z.infer<typeof terminalServerMessage>;

/** One recorded terminal session, as the list of a device's sessions shows it. */
export const terminalSessionRow = z.object({
  id: z.string(),
  deviceId: z.string(),
  userName: z.string(),
  /** The container the shell ran in; null for the device's own shell. */
  container: z.string().nullable(),
  startedAt: z.number(),
  endedAt: z.number().nullable(),
  bytes: z.number(),
});
export type TerminalSessionRow = z.infer<typeof terminalSessionRow>;

export const terminalSessionsQuery = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/) });
export const terminalSessionsResponse = z.object({ list: z.array(terminalSessionRow) });
export const terminalRecordingQuery = z.object({ session: z.string().regex(/^[0-9a-f]{32}$/) });
/** asciicast v2: a JSON header line, then one `[seconds, "o", text]` line per output chunk. */
export const terminalRecordingResponse = z.object({ cast: z.string() });

/**
 * SPEC 4 secure mode, enforced at the console: 'Jump to Device Only' and 'Unlimited' let the terminal and
 * jump to device through; 'OrpheLink Only' keeps the device to the overlay and refuses them. 'Unsupported'
 * (a device without a secure link) has no mode to restrict it.
 */
export const remoteAccessAllowed = (mode: SecureMode): boolean => mode !== 'OrpheLink Only';
