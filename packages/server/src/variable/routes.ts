/** GET /api/v1/variable/: the startup variables of SPEC 1 (empty keys switch captcha and analytics off). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@edge/protocol';
import { serve } from '../http/serve.ts';

export function variableRoutes(keys: { captchaKey: string; gaKey: string }) {
  return async (app: FastifyInstance) => {
    serve(app, endpoints.variable.get, async () => ({ CaptchaKey: keys.captchaKey, GAKey: keys.gaKey }));
  };
}
