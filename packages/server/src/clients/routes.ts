/** The Clients app's list. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { ClientsService } from './service.ts';

export function clientsRoutes(clients: ClientsService) {
  return async (app: FastifyInstance) => {
    serve(app, endpoints.clients.list, async (request) => clients.list(request.query));
  };
}
