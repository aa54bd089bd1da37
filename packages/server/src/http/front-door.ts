/**
 * Hosts that are not the console's own (a jump link's host, proxy/jump-host.ts) are served before anything
 * of the console sees the request: not Fastify's routes and hooks (session, API, pages, rate limits), not
 * the broker at /mqtt, not the WebSocket dispatcher. Node hands an upgrade to every 'upgrade' listener, so
 * taking one away from the others is done where the server emits it.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface HostService {
  /** Whether the request's Host is one of this service's. */
  serves(request: IncomingMessage): boolean;
  request(request: IncomingMessage, response: ServerResponse): void;
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

export function frontDoor() {
  const services: HostService[] = [];
  const serviceOf = (request: IncomingMessage) => services.find((s) => s.serves(request));

  class FrontDoorServer extends http.Server {
    override emit(event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'upgrade') {
        const [request, socket, head] = args as [IncomingMessage, Duplex, Buffer];
        const service = serviceOf(request);
        if (service) {
          service.upgrade(request, socket, head);
          return true;
        }
      }
      return super.emit(event as string, ...args);
    }
  }

  return {
    /** Fastify's serverFactory: the console's handler gets only the requests no host service takes. */
    serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void) =>
      new FrontDoorServer((request, response) => {
        const service = serviceOf(request);
        if (service) service.request(request, response);
        else handler(request, response);
      }),
    add(service: HostService): void {
      services.push(service);
    },
  };
}
