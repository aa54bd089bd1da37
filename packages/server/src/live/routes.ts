/**
 * WebSocket /websocket/v1/inventory/live. The guard runs on the upgrade request like on any other (session
 * cookie or token, Inventory view); a page of another site may not open it (Origin must be this host), and
 * the caller is looked at again every minute, so signing out or losing the permission ends the stream.
 * A settings subscription looks at the caller again at once: it must still hold what GET settings/state needs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/websocket';
import { LIVE_INVENTORY_PATH, allows, canView } from '@edge/protocol';
import type { Identity } from '../http/types.ts';
import { fail } from '../http/errors.ts';
import type { LiveHub } from './service.ts';

/** Looks again at who is behind a request, without counting it as the user's activity. */
export type Reidentify = (request: FastifyRequest) => Promise<Identity | null>;

const RECHECK_MS = 60_000;
const need = canView('Inventory');
/** What GET /api/v1/inventory/settings/state declares (deviceSettings/routes.ts): the same state, pushed. */
const settingsNeed = canView('Inventory');

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export function liveRoutes(hub: LiveHub, reidentify: Reidentify, opts: { recheckMs?: number } = {}) {
  return async (app: FastifyInstance) => {
    app.get(
      LIVE_INVENTORY_PATH,
      {
        websocket: true,
        config: { permission: need },
        preValidation: async (request) => {
          if (!sameOrigin(request)) throw fail(403, 'csrfRefused');
        },
      },
      (socket, request) => {
        const identity = request.identity!;
        const connection = hub.connect(socket, {
          seesDiscovery: allows(identity.permissions, canView('Provision')),
          maySeeSettings: async () => {
            const who = await reidentify(request);
            return who !== null && allows(who.permissions, settingsNeed);
          },
        });
        socket.on('message', (data: Buffer, isBinary) => {
          if (isBinary) return socket.close(1003, 'text messages only');
          connection.receive(data.toString('utf8'));
        });
        const recheck = setInterval(() => {
          reidentify(request)
            .then((who) => {
              if (!who) socket.close(4401, 'signed out');
              else if (!allows(who.permissions, need)) socket.close(4403, 'forbidden');
            })
            .catch(() => undefined);
        }, opts.recheckMs ?? RECHECK_MS);
        recheck.unref();
        socket.on('close', () => {
          clearInterval(recheck);
          connection.close();
        });
      },
    );
  };
}
