/**
 * WebSocket upgrades on the console's HTTP port. Two parties want them: the embedded broker serves MQTT over
 * WebSocket at `/mqtt` from its own 'upgrade' listener (gateway/websocket.ts), and Fastify routes everything
 * under `/websocket/` (live updates, terminals) through @fastify/websocket, so the guard runs on the upgrade
 * request like on any other. @fastify/websocket would take every upgrade, `/mqtt` included, if it listened on
 * the server itself; it listens on a private emitter instead, and this dispatcher hands it every upgrade the
 * broker does not serve.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';

/** Far above any browser message of ours; a bigger frame is a misbehaving client. */
const MAX_MESSAGE_BYTES = 64 * 1024;

/** The bytes that came after an upgrade request's head, for a route that takes the socket over itself. */
const heads = new WeakMap<IncomingMessage, Buffer>();
export const upgradeHead = (request: IncomingMessage): Buffer => heads.get(request) ?? Buffer.alloc(0);

export async function registerWebSockets(app: FastifyInstance) {
  const upgrades = new EventEmitter();
  await app.register(websocket, {
    options: {
      server: upgrades as unknown as Server,
      maxPayload: MAX_MESSAGE_BYTES,
      perMessageDeflate: false,
    },
  });
  return {
    /** Starts dispatching; `servedElsewhere(path)` names paths another listener (the broker) answers. */
    dispatch(server: Server, servedElsewhere: (path: string) => boolean): () => void {
      const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        if (servedElsewhere(path)) return;
        heads.set(request, head);
        upgrades.emit('upgrade', request, socket, head);
      };
      server.on('upgrade', onUpgrade);
      return () => void server.off('upgrade', onUpgrade);
    },
  };
}
