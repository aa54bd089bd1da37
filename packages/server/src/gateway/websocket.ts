/**
 * MQTT over WebSocket at `/mqtt` on the console's HTTP server. Upgrades of other paths are left alone:
 * `/websocket/*` belongs to Fastify routes (live updates, terminals). @fastify/websocket does not listen on
 * the server itself; http/websocket.ts hands it every upgrade except `/mqtt`, so both coexist.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { answerUpgrade } from './websocket-handshake.ts';
import { WebSocketStream } from './websocket-stream.ts';

export const MQTT_WEBSOCKET_PATH = '/mqtt';
/** Far above any device message; a bigger frame is a misbehaving client. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export function serveMqttOverWebSocket(
  server: Server,
  handle: (stream: Duplex) => void,
): () => Promise<void> {
  const open = new Set<WebSocketStream>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== MQTT_WEBSOCKET_PATH) {
      // Nobody else listens for upgrades: answer rather than leave the socket hanging.
      if (server.listenerCount('upgrade') === 1)
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!answerUpgrade(request, socket)) return;
    const stream = new WebSocketStream(socket, head, MAX_MESSAGE_BYTES);
    open.add(stream);
    stream.on('close', () => open.delete(stream));
    // Not the upgrade request: aedes would keep it (headers and all, about 2 KB) for the connection's life,
    // and nothing here reads it after the upgrade.
    handle(stream);
  };
  server.on('upgrade', onUpgrade);

  return async () => {
    server.off('upgrade', onUpgrade);
    for (const stream of open) stream.destroy();
  };
}
