/** Application's API (protocol endpoints/application.ts): each handler one call into its service. */
import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { CopyService } from './copy.ts';
import type { DeployService } from './deploy.ts';
import type { InstalledService } from './installed.ts';
import type { ContainerLicence } from './licence.ts';
import type { RegistryService } from './registries.ts';
import type { TemplateService } from './templates.ts';

const { application: declared } = endpoints;

export function applicationRoutes(s: {
  templates: TemplateService;
  registries: RegistryService;
  deploy: DeployService;
  installed: InstalledService;
  licence: ContainerLicence;
  copy: CopyService;
}) {
  return async (app: FastifyInstance) => {
    serve(app, declared.templates, async (request) => ({
      list: await s.templates.list(request.query.search, request.query.category),
    }));
    serve(app, declared.templateCreate, async (request) => s.templates.create(request.body));
    serve(app, declared.templateEdit, async (request) => s.templates.edit(request.query.id, request.body));
    serve(app, declared.templateDelete, async (request) => {
      await s.templates.remove(request.query.id);
      return { message: messages.deleted };
    });
    serve(app, declared.templateImport, async (request) => s.templates.import(request.body.content));

    serve(app, declared.registries, async () => ({ list: await s.registries.list() }));
    serve(app, declared.registryCreate, async (request) => s.registries.create(request.body));
    serve(app, declared.registryEdit, async (request) => s.registries.edit(request.query.id, request.body));
    serve(app, declared.registryDelete, async (request) => {
      await s.registries.remove(request.query.id);
      return { message: messages.deleted };
    });
    serve(app, declared.registryTest, async (request) => {
      await s.registries.testLogin(request.body.id);
      return { message: messages.registryLoginOk };
    });

    serve(app, declared.deploy, async (request) => s.deploy.deploy(request.body, request.identity!));
    serve(app, declared.copy, async (request) => s.copy.copy(request.body, request.identity!));
    serve(app, declared.adopt, async (request) => s.copy.adopt(request.body, request.identity!));
    serve(app, declared.devices, async (request) => s.installed.devices(request.query.search));
    serve(app, declared.volumes, async (request) =>
      s.installed.volume(request.query.deviceId, { action: 'list' }),
    );
    serve(app, declared.volumeCreate, async ({ body }) =>
      s.installed.volume(body.deviceId, { action: 'create', name: body.name }),
    );
    serve(app, declared.volumeDelete, async ({ query }) =>
      s.installed.volume(query.deviceId, { action: 'remove', name: query.name }),
    );
    serve(app, declared.networks, async (request) =>
      s.installed.network(request.query.deviceId, { action: 'list' }),
    );
    serve(app, declared.networkCreate, async ({ body: { deviceId, ...endpoint } }) =>
      s.installed.network(deviceId, { action: 'create', endpoint }),
    );
    serve(app, declared.networkDelete, async ({ query }) =>
      s.installed.network(query.deviceId, { action: 'remove', name: query.name }),
    );
    serve(app, declared.installed, async (request) => s.installed.device(request.query.deviceId));
    serve(app, declared.hypervisor, async (request) => s.installed.hypervisor(request.query.deviceId));
    serve(app, declared.fleetInstalled, async (request) => s.installed.fleet(request.query));
    serve(app, declared.action, async (request) => s.installed.action(request.body));
    serve(app, declared.logs, async (request) => s.installed.logs(request.query));
    serve(app, declared.licence, async () => s.licence.view());
  };
}
