/**
 * Device settings under /api/v1/inventory/settings/ (SPEC 7): one route per settings call, each served
 * from its declaration (protocol endpoints/deviceSettings.ts: method, path, schemas, permission and
 * activity name) by one factory (the handlers hold what differs), plus the per-section state the
 * screens show beside every form.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints, settingsCalls, settingsEndpointOf } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import { handlerFor } from './handlers/index.ts';
import type { DeviceSettingsService } from './service.ts';

export function deviceSettingsRoutes(settings: DeviceSettingsService) {
  return async (app: FastifyInstance) => {
    for (const call of settingsCalls) {
      const handler = handlerFor(call);
      const reads = call.kind === 'read';
      serve(
        app,
        settingsEndpointOf(call),
        (request) =>
          settings.run(
            handler,
            (reads ? request.query : request.body) as { id: string },
            request.identity!.userName,
          ) as never,
      );
    }

    serve(app, endpoints.deviceSettings.state, (request) =>
      settings.state(request.query.id, request.query.section),
    );
  };
}
