/**
 * Platform branding: public reads for the login screen (/api/v1/branding, its logo and favicon), and
 * Settings > Branding for changing them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FAVICON_UPLOAD,
  LOGO_UPLOAD,
  brandingImages,
  brandingRequest,
  brandingResponse,
  canManage,
  canView,
  publicRoute,
} from '@edge/protocol';
import { readUpload, sendImage } from '../uploads/http.ts';
import { BRANDING_IMAGE_PATH, type BrandingService } from './service.ts';

const SETTINGS = '/api/v1/settings/branding';
const tags = ['branding'];
const response = { 200: brandingResponse };
const manage = (action: string) => ({ permission: canManage('Branding'), activity: `branding.${action}` });
const MAX_BYTES = { logo: LOGO_UPLOAD.maxBytes, favicon: FAVICON_UPLOAD.maxBytes };

export function brandingRoutes(branding: BrandingService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      BRANDING_IMAGE_PATH,
      { config: { permission: publicRoute }, schema: { tags, response } },
      async () => branding.shown(),
    );
    r.get(SETTINGS, { config: { permission: canView('Branding') }, schema: { tags, response } }, async () =>
      branding.stored(),
    );
    r.patch(
      SETTINGS,
      { config: manage('edit'), schema: { tags, body: brandingRequest, response } },
      async (request) => branding.save(request.body),
    );

    for (const image of brandingImages) {
      r.get(
        `${BRANDING_IMAGE_PATH}/${image}`,
        { config: { permission: publicRoute }, schema: { tags } },
        async (_request, reply) => sendImage(reply, await branding.image(image)),
      );
      r.patch(
        `${SETTINGS}/${image}`,
        { config: manage(image), schema: { tags, response } },
        async (request) => branding.setImage(image, await readUpload(request, MAX_BYTES[image])),
      );
      r.delete(
        `${SETTINGS}/${image}`,
        { config: manage(`${image}.delete`), schema: { tags, response } },
        async () => branding.removeImage(image),
      );
    }
  };
}
