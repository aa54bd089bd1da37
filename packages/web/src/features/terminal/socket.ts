/**
 * The terminal's socket (SPEC 4): the address of `/websocket/v1/inventory/terminal?id=` (or, for a shell in a
 * container, `/websocket/v1/container/terminal?id=&containerName=`, SPEC 7), and the helper that
 * sends on it: a message given while the socket is still connecting is tried again every SOCKET_RETRY_MS,
 * at most SOCKET_MAX_RETRIES times; when it is still not open then, the socket is closed.
 */
import {
  CONTAINER_TERMINAL_SOCKET_PATH,
  DESKTOP_SOCKET_PATH,
  SOCKET_MAX_RETRIES,
  SOCKET_RETRY_MS,
  TERMINAL_SOCKET_PATH,
  type TerminalClientMessage,
} from '@edge/protocol';

/** The console's own address of a socket path, ws: or wss: as the page's. */
const socketAddress = (location: Pick<Location, 'protocol' | 'host'>, path: string) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;

export function terminalUrl(
  id: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
  container?: string,
): string {
  const query = `id=${encodeURIComponent(id)}`;
  return container
    ? socketAddress(
        location,
        `${CONTAINER_TERMINAL_SOCKET_PATH}?${query}&containerName=${encodeURIComponent(container)}`,
      )
    : socketAddress(location, `${TERMINAL_SOCKET_PATH}?${query}`);
}

/** The remote desktop's socket: binary RFB both ways, what noVNC speaks. */
export const desktopUrl = (id: string, location: Pick<Location, 'protocol' | 'host'> = window.location) =>
  socketAddress(location, `${DESKTOP_SOCKET_PATH}?id=${encodeURIComponent(id)}`);

/** A container's graphical session (SPEC 7): the container socket with its UUID, RFB as the desktop's. */
export const containerDesktopUrl = (
  id: string,
  uuid: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) =>
  socketAddress(
    location,
    `${CONTAINER_TERMINAL_SOCKET_PATH}?id=${encodeURIComponent(id)}&uuid=${encodeURIComponent(uuid)}`,
  );

/** The parts of a WebSocket the helper uses (a test gives its own). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
}

const OPEN = 1;
const CONNECTING = 0;

/**
 * Sends `message` now when the socket is open; while it is connecting, tries again every second, and after
 * the fourth retry closes it. Returns a cancel (the page left before it went).
 */
export function sendWhenOpen(
  socket: SocketLike,
  message: TerminalClientMessage,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): () => void {
  const text = JSON.stringify(message);
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    if (socket.readyState === OPEN) return socket.send(text);
    if (socket.readyState !== CONNECTING) return; // closing or closed: nothing to send to
    if (retries >= SOCKET_MAX_RETRIES) return socket.close();
    retries += 1;
    timer = timers.setTimeout(attempt, SOCKET_RETRY_MS);
  };
  attempt();
  return () => timers.clearTimeout(timer);
}
