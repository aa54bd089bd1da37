/** Settings > Network's routes. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { InterfacesService } from './interfaces.ts';
import type { NetworkService } from './service.ts';

const { network: declared } = endpoints;

export function networkRoutes(network: NetworkService, interfaces: InterfacesService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.get, () => network.state());
    serve(app, declared.apply, async (request) => {
      await interfaces.apply(request.body);
      return network.state();
    });
    serve(app, declared.confirm, async () => {
      await interfaces.confirm();
      return network.state();
    });
    serve(app, declared.rollback, async () => {
      await interfaces.rollback();
      return network.state();
    });
    serve(app, declared.ports, (request) => network.savePorts(request.body));
    serve(app, declared.certificate, (request) => network.uploadCertificate(request.body));
    serve(app, declared.generateCertificate, () => network.generateCertificate());
  };
}
