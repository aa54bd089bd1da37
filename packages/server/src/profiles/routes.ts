/** Profile Management's API (declared in protocol endpoints/profiles.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, messages, type ProfileFleetChoices } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { AuthConnectService } from '../authConnect/service.ts';
import type { ProfileService } from './service.ts';
import type { PortableProfiles } from './portable.ts';
import type { TemplateService } from './templates.ts';

const { profiles: declared } = endpoints;
const userOf = (request: Pick<FastifyRequest, 'identity'>) => request.identity!.userName;

/** `authConnect`: the console's Auth Connect accounts, listed with a Wi-Fi profile's stations (SPEC 7). */
export function profileRoutes(
  profiles: ProfileService,
  portable: PortableProfiles,
  authConnect: Pick<AuthConnectService, 'names'>,
  templates: TemplateService,
  choices: () => Promise<ProfileFleetChoices>,
) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async (request) => ({ list: await profiles.list(request.query.kind) }));
    serve(app, declared.get, async (request) => profiles.get(request.query.id));
    serve(app, declared.create, async (request) => {
      const profile = await profiles.create(request.body, userOf(request));
      // SPEC 8 has words of its own for a firewall profile ('Firewall template created successfully').
      const message =
        profile.kind === 'firewall' ? messages.firewallTemplateCreated : messages.profileCreated;
      return { message, profile };
    });
    serve(app, declared.edit, async (request) => {
      const profile = await profiles.edit(request.body, userOf(request));
      const message = profile.kind === 'firewall' ? messages.firewallTemplateEdited : messages.profileEdited;
      return { message, profile };
    });
    serve(app, declared.remove, async (request) => {
      await profiles.remove(request.body.id);
      return { message: messages.profileDeleted };
    });
    serve(app, declared.fleetChoices, () => choices());
    serve(app, declared.dryRun, async (request) => profiles.dryRun(request.body));
    serve(app, declared.rollout, async (request) => ({
      message: messages.profileRolloutStarted,
      jobId: await profiles.rollout(request.body, userOf(request)),
    }));
    serve(app, declared.abort, async (request) => profiles.abort(request.body.id));
    serve(app, declared.pause, async (request) => profiles.pause(request.body.id));
    serve(app, declared.resume, async (request) => profiles.resume(request.body.id));
    serve(app, declared.assignments, async (request) => ({
      list: await profiles.assignments(request.query.id),
    }));
    serve(app, declared.exportDocument, async (request, reply) => {
      const { format } = request.query;
      const text = await portable.exportDocument(format);
      return reply
        .header('content-type', format === 'json' ? 'application/json' : 'application/yaml')
        .header('content-disposition', `attachment; filename="profiles.${format}"`)
        .header('cache-control', 'no-store')
        .send(text);
    });
    serve(app, declared.importDocument, async (request) => {
      const { document, apply } = request.body;
      return portable.importDocument(document, apply, userOf(request));
    });
    serve(app, declared.templateList, async () => ({ list: await templates.list() }));
    serve(app, declared.templateNames, async () => ({ names: await templates.names() }));
    serve(app, declared.templateCreate, async (request) => ({
      message: messages.profileCreated,
      template: await templates.create(request.body, userOf(request)),
    }));
    serve(app, declared.templateEdit, async (request) => ({
      message: messages.profileEdited,
      template: await templates.edit(request.body, userOf(request)),
    }));
    serve(app, declared.templateCopy, async (request) => ({
      message: messages.profileCreated,
      template: await templates.copy(request.body, userOf(request)),
    }));
    serve(app, declared.templateRemove, async (request) => {
      await templates.remove(request.body.id);
      return { message: messages.profileDeleted };
    });
    serve(app, declared.wifiAuthentication, async (request) => ({
      list: await profiles.wifiAuthentication(request.query.id),
      accounts: await authConnect.names(),
    }));
  };
}
