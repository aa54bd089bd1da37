/**
 * Where the console listens: the HTTP port (Fastify's own server, moved to another port by closing its
 * listening socket and opening the new one; connections already open and the sessions in cookies carry
 * on) and an HTTPS server beside it that hands every request and WebSocket upgrade to the same routes.
 */
import https from 'node:https';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { fail } from '../http/errors.ts';
import type { TlsPair } from './tls.ts';

const listen = (server: net.Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    const failed = (err: Error) => reject(err);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });

const inUse = (err: unknown) => (err as NodeJS.ErrnoException).code === 'EADDRINUSE';

export function consoleListeners(app: FastifyInstance, host: string) {
  let secure: https.Server | undefined;
  let redirect = false;

  const portOf = (server: net.Server | undefined) => {
    const address = server?.address();
    return address && typeof address === 'object' ? address.port : null;
  };

  // Pages asked for over plain HTTP go to HTTPS; the API, devices and WebSockets are answered where they came.
  app.addHook('onRequest', async (request, reply) => {
    const httpsPort = portOf(secure);
    if (!redirect || httpsPort === null || request.protocol === 'https') return;
    if (!['GET', 'HEAD'].includes(request.method) || request.url.startsWith('/api/')) return;
    const hostName = request.hostname.replace(/:\d+$/, '');
    await reply.redirect(
      `https://${hostName.includes(':') ? `[${hostName}]` : hostName}:${httpsPort}${request.url}`,
      308,
    );
  });

  async function closeSecure() {
    const old = secure;
    secure = undefined;
    if (old) await new Promise<void>((resolve) => old.close(() => resolve()));
  }

  return {
    httpPort: () => portOf(app.server),
    httpsPort: () => portOf(secure),

    async moveHttp(port: number) {
      const from = portOf(app.server);
      if (from === null || from === port) return;
      app.server.close();
      try {
        await listen(app.server, port, host);
      } catch (err) {
        await listen(app.server, from, host);
        throw inUse(err) ? fail(409, 'networkPortInUse') : err;
      }
    },

    /** Serves HTTPS on `port` with `pair`, or stops serving it (null). */
    async serveHttps(port: number | null, pair: TlsPair | null, redirectHttp: boolean) {
      redirect = redirectHttp;
      if (port === null || !pair) return closeSecure();
      if (secure && portOf(secure) === port) {
        secure.setSecureContext(pair);
        return;
      }
      // Through the HTTP server's own front door (http/front-door.ts): jump hosts are served before the routes.
      const next = https.createServer(pair, (req, res) => app.server.emit('request', req, res));
      next.on('upgrade', (req, socket, head) => app.server.emit('upgrade', req, socket, head));
      try {
        await listen(next, port, host);
      } catch (err) {
        throw inUse(err) ? fail(409, 'networkPortInUse') : err;
      }
      await closeSecure();
      secure = next;
    },

    close: closeSecure,
  };
}

export type ConsoleListeners = ReturnType<typeof consoleListeners>;
