/**
 * The terminal's HTTP face: the browser's sockets `/websocket/v1/inventory/terminal?id=` and
 * `/websocket/v1/container/terminal?id=&containerName=` (Application's; with `uuid` instead, the container's
 * graphical session through the desktop bridge), and the recorded sessions. Before
 * the upgrade: the guard (Inventory, or Application for a container), the same origin, a device the console
 * knows, online, in a secure mode that allows remote access. Typing needs that area's management grant and
 * a token that may write; others watch. The remote desktop (`/websocket/v1/inventory/desktop?id=`) is
 * checked the same way; those who may not type see the screen but their input is dropped (rfb-view-only.ts). Every minute the caller is looked at
 * again: a sign-in that ended ends the shell or the desktop.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {} from '@fastify/websocket';
import {
  ApiFailure,
  allows,
  canManage,
  containerTerminalQuery,
  desktopQuery,
  endpoints,
  remoteAccessAllowed,
  terminalQuery,
  type TerminalServerMessage,
} from '@edge/protocol';
import type { Reidentify } from '../auth/reidentify.ts';
import type { WebSocket } from 'ws';
import type { DeviceDirectory, DeviceView } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { routeOptionsOf, serve } from '../http/serve.ts';
import type { Identity } from '../http/types.ts';
import { CLOSE_NORMAL, CLOSE_UNAVAILABLE, type Operator, type TerminalRelay } from './relay.ts';
import type { DesktopBridge } from './desktop.ts';
import type { TerminalStore } from './store.ts';

const { terminal: declared } = endpoints;
const RECHECK_MS = 60_000;

/** Typing needs the area's management grant and a token (if any) that may write; others watch. */
const mayTypeIn = (area: 'Inventory' | 'Application') => (who: Identity) =>
  allows(who.permissions, canManage(area)) && (!who.token || who.token.scopes.includes('api'));

export function terminalRoutes(deps: {
  relay: TerminalRelay;
  desktop: DesktopBridge;
  devices: Pick<DeviceDirectory, 'get'>;
  store: TerminalStore;
  reidentify: Reidentify;
  /** Throws when the device may not be reached now (License Lock, license/service.ts). */
  admit: (deviceId: string) => void;
  recheckMs?: number;
}) {
  const admitted = (deviceId: string): boolean => {
    try {
      deps.admit(deviceId);
      return true;
    } catch (err) {
      if (err instanceof ApiFailure && err.statusCode === 423) return false;
      throw err;
    }
  };

  /**
   * Every remote socket (the device's shell, a container's, the device's or a container's VNC server) is
   * checked the same way before the upgrade; they differ in the area that grants them and what they open.
   */
  /** Before any upgrade: the same origin, a query that parses, a device known, online, remote access allowed. */
  const admitSocket = (query: z.ZodType<{ id: string }>) => async (request: FastifyRequest) => {
    if (!sameOrigin(request)) throw fail(403, 'csrfRefused');
    if (!request.identity) throw fail(401, 'notSignedIn');
    // preValidation runs before Fastify's own validation: the query is checked here.
    const parsed = query.safeParse(request.query);
    if (!parsed.success) throw fail(400, 'invalidRequest');
    const device = deps.devices.get(parsed.data.id);
    if (!device) throw fail(404, 'deviceNotFound');
    if (!remoteAccessAllowed(device.secureMode)) throw fail(403, 'secureModeRefusesAccess');
    if (!device.online) throw fail(409, 'deviceOffline');
  };

  /** Every minute the caller is looked at again: a sign-in that ended ends the session. */
  const recheckWhileOpen = (
    request: FastifyRequest,
    socket: { on(event: 'close', listener: () => void): unknown },
    session: { end(reason: 'signedOut'): void },
  ) => {
    const recheck = setInterval(() => {
      deps
        .reidentify(request)
        .then((again) => {
          if (!again) session.end('signedOut');
        })
        .catch(() => undefined);
    }, deps.recheckMs ?? RECHECK_MS);
    recheck.unref();
    socket.on('close', () => clearInterval(recheck));
  };

  /** What a socket opens once admitted: a shell (the relay) or a VNC server (the desktop bridge). */
  type Opener = (
    socket: WebSocket,
    device: DeviceView,
    who: Operator,
    query: Record<string, string>,
  ) => { end(reason: 'signedOut'): void };

  /** A shell: a licence lock closes it with its word, in the terminal's message and on the close. */
  const shell: Opener = (socket, device, who, query) => {
    if (!admitted(device.id)) {
      socket.send(
        JSON.stringify({ type: 'closed', reason: 'licenseLocked' } satisfies TerminalServerMessage),
      );
      socket.close(CLOSE_NORMAL, 'licenseLocked');
      return { end: () => undefined };
    }
    return deps.relay.start(
      socket,
      device,
      who,
      query.containerName ? { container: query.containerName } : {},
    );
  };

  /** A VNC server, the device's or a container's: RFB has no word of ours, so the close carries it. */
  const desktop: Opener = (socket, device, who, query) => {
    if (!admitted(device.id)) {
      socket.close(CLOSE_UNAVAILABLE, 'licenseLocked');
      return { end: () => undefined };
    }
    return deps.desktop.start(socket, device, who, query.uuid ? { uuid: query.uuid } : {});
  };

  const sessionSocket = (
    app: FastifyInstance,
    endpoint: typeof declared.socket | typeof declared.containerSocket | typeof declared.desktopSocket,
    how: {
      query: z.ZodType<{ id: string }>;
      mayType: (who: Identity) => boolean;
      open: (query: Record<string, string>) => Opener;
    },
  ) => {
    const { url, config, schema } = routeOptionsOf(endpoint);
    app.get(
      url,
      { config, schema, websocket: true, preValidation: admitSocket(how.query) },
      (socket, request) => {
        const who = request.identity!;
        const query = request.query as Record<string, string>;
        const device = deps.devices.get(query.id!);
        if (!device) return socket.close(1011, 'device gone');
        // After the upgrade, not before it: a browser's WebSocket cannot read a refused upgrade's body,
        // but it reads the closing word and shows the licence's message.
        const session = how.open(query)(
          socket,
          device,
          { userId: who.userId, userName: who.userName, ip: request.ip, readOnly: !how.mayType(who) },
          query,
        );
        recheckWhileOpen(request, socket, session);
      },
    );
  };

  return async (app: FastifyInstance) => {
    sessionSocket(app, declared.socket, {
      query: terminalQuery,
      mayType: mayTypeIn('Inventory'),
      open: () => shell,
    });
    // A container's shell by its name, or its graphical session by its UUID (SPEC 7).
    sessionSocket(app, declared.containerSocket, {
      query: containerTerminalQuery,
      mayType: mayTypeIn('Application'),
      open: (query) => (query.uuid ? desktop : shell),
    });
    sessionSocket(app, declared.desktopSocket, {
      query: desktopQuery,
      mayType: mayTypeIn('Inventory'),
      open: () => desktop,
    });

    serve(app, declared.sessions, async (request) => ({ list: await deps.store.list(request.query.id) }));
    serve(app, declared.recording, async (request) => {
      const cast = await deps.store.cast(request.query.session);
      if (cast === null) throw fail(404, 'terminalSessionNotFound');
      return { cast };
    });
  };
}
