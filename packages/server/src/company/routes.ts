/** Settings > Company: the company profile. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { CompanyService } from './service.ts';

const { company: declared } = endpoints;

export function companyRoutes(company: CompanyService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.get, async () => company.get());
    serve(app, declared.save, async (request) => company.save(request.body));
  };
}
