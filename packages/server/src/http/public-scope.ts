/**
 * Registers a third-party plugin whose routes cannot carry our route config (static files, API docs),
 * declaring each of its routes public and a third party's (they serve no endpoint declaration).
 */
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
} from 'fastify';
import { publicRoute } from '@edge/protocol';

export async function registerPublicPlugin<O extends FastifyPluginOptions>(
  app: FastifyInstance,
  plugin: FastifyPluginAsync<O> | FastifyPluginCallback<O>,
  options: O,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, permission: publicRoute, thirdParty: true };
    });
    await scope.register(plugin, options);
  });
}
