/** GET /api/v1/variable/: the startup variables of SPEC 1 (empty keys switch captcha and analytics off). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicRoute, variablesResponse } from '@edge/protocol';

export function variableRoutes(keys: { captchaKey: string; gaKey: string }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/v1/variable/',
      {
        config: { permission: publicRoute },
        schema: { tags: ['startup'], response: { 200: variablesResponse } },
      },
      async () => ({ CaptchaKey: keys.captchaKey, GAKey: keys.gaKey }),
    );
  };
}
