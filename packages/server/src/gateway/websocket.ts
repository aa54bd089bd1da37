/**
 * MQTT over WebSocket at `/mqtt` on the console's HTTP server. Upgrades of other paths are left alone:
 * `/websocket/*` belongs to Fastify routes (live updates, terminals). @fastify/websocket does not listen on
 * the server itself; http/websocket.ts hands it every upgrade except `/mqtt`, so both coexist.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, createWebSocketStream } from 'ws';

export const MQTT_WEBSOCKET_PATH = '/mqtt';
/** Far above any device message; a bigger frame is a misbehaving client. */
const MAX_FRAME_BYTES = 1024 * 1024;

export function serveMqttOverWebSocket(
  server: Server,
  handle: (stream: Duplex) => void,
): () => Promise<void> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== MQTT_WEBSOCKET_PATH) {
      // Nobody else listens for upgrades: answer rather than leave the socket hanging.
      if (server.listenerCount('upgrade') === 1)
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      // A device that drops mid-frame is normal; aedes sees the close, the error needs no handler of its own.
      stream.on('error', () => stream.destroy());
      // Not the upgrade request: aedes would keep it (headers and all, about 2 KB) for the connection's life,
      // and nothing here reads it after the upgrade.
      handle(stream);
    });
  };
  server.on('upgrade', onUpgrade);

  return async () => {
    server.off('upgrade', onUpgrade);
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
