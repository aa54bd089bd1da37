/** Settings > Company: the company profile. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canManage, canView, companyRequest, companyResponse } from '@edge/protocol';
import type { CompanyService } from './service.ts';

const PATH = '/api/v1/settings/company';
const tags = ['company'];
const response = { 200: companyResponse };

export function companyRoutes(company: CompanyService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(PATH, { config: { permission: canView('Company') }, schema: { tags, response } }, async () =>
      company.get(),
    );
    r.patch(
      PATH,
      {
        config: { permission: canManage('Company'), activity: 'company.edit' },
        schema: { tags, body: companyRequest, response },
      },
      async (request) => company.save(request.body),
    );
  };
}
