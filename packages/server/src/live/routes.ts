/**
 * WebSocket /websocket/v1/live. The guard runs on the upgrade request like on any other (session cookie or
 * token); a caller who may read no channel at all is refused, and a page of another site may not open it
 * (Origin must be this host). Each subscription looks at the caller again (hub.ts); signing out closes the
 * session's sockets at once (session-ends.ts), and every minute the caller is looked at again for what
 * ends a session elsewhere (another replica, idle expiry, a revoked token).
 */
import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/websocket';
import { endpoints } from '@edge/protocol';
import type { Reidentify } from '../auth/reidentify.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { fail } from '../http/errors.ts';
import { routeOptionsOf } from '../http/serve.ts';
import { CLOSE_FORBIDDEN, CLOSE_SIGNED_OUT, type LiveHub } from './hub.ts';

const RECHECK_MS = 60_000;

export function liveRoutes(hub: LiveHub, reidentify: Reidentify, opts: { recheckMs?: number } = {}) {
  return async (app: FastifyInstance) => {
    const { url, config, schema } = routeOptionsOf(endpoints.live.socket);
    app.get(
      url,
      {
        config,
        schema,
        websocket: true,
        preValidation: async (request) => {
          if (!sameOrigin(request)) throw fail(403, 'csrfRefused');
          if (!request.identity || !hub.mayUseAny(request.identity)) throw fail(403, 'forbidden');
        },
      },
      (socket, request) => {
        const connection = hub.connect(socket, {
          identity: request.identity!,
          identify: () => reidentify(request),
        });
        socket.on('message', (data: Buffer, isBinary) => {
          if (isBinary) return socket.close(1003, 'text messages only');
          connection.receive(data.toString('utf8'));
        });
        const recheck = setInterval(() => {
          reidentify(request)
            .then((who) => {
              if (!who) socket.close(CLOSE_SIGNED_OUT, 'signed out');
              else if (!hub.mayUseAny(who)) socket.close(CLOSE_FORBIDDEN, 'forbidden');
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
