/**
 * Device settings under /api/v1/inventory/settings/ (SPEC 7): one route per row of `settingsCalls`,
 * with exactly its method and path, made by one factory (the handlers hold what differs), plus the
 * per-section state the screens show beside every form. Reads need Inventory view, writes Inventory
 * management; writes are named in the activity log as `inventory.settings.<call>`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SETTINGS_API_ROOT,
  SETTINGS_STATE_PATH,
  canManage,
  canView,
  settingsCalls,
  settingsStateQuery,
  settingsStateResponse,
  type SettingsCall,
} from '@edge/protocol';
import { activityAlongWith } from '../activity/recorder.ts';
import { handlerFor } from './handlers/index.ts';
import type { DeviceSettingsService } from './service.ts';

const tags = ['inventory settings'];

/** e.g. inventory.settings.wifi.authentication.add */
const activityOf = (call: SettingsCall) =>
  `inventory.settings.${call.path.slice(SETTINGS_API_ROOT.length + 1).replaceAll('/', '.')}`;

export function deviceSettingsRoutes(settings: DeviceSettingsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    for (const call of settingsCalls) {
      const handler = handlerFor(call);
      const reads = call.kind === 'read';
      r.route({
        method: call.method,
        url: call.path,
        config: reads
          ? { permission: canView('Inventory') }
          : { permission: canManage('Inventory'), activity: activityOf(call) },
        schema: {
          tags,
          ...(reads ? { querystring: call.request } : { body: call.request }),
          response: { 200: handler.response },
        },
        handler: (request) =>
          settings.run(
            handler,
            (reads ? request.query : request.body) as { id: string },
            request.identity!.userName,
            reads ? undefined : activityAlongWith(request),
          ),
      });
    }

    r.get(
      SETTINGS_STATE_PATH,
      {
        config: { permission: canView('Inventory') },
        schema: { tags, querystring: settingsStateQuery, response: { 200: settingsStateResponse } },
      },
      (request) => settings.state(request.query.id, request.query.section),
    );
  };
}
