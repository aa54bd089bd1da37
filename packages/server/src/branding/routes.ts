/**
 * Platform branding: public reads for the login screen (/api/v1/branding, its logo and favicon), and
 * Settings > Branding for changing them.
 */
import type { FastifyInstance } from 'fastify';
import {
  FAVICON_UPLOAD,
  LOGO_UPLOAD,
  brandingImageEndpoints,
  brandingImages,
  endpoints,
} from '@edge/protocol';
import { serve } from '../http/serve.ts';
import { readUpload, sendImage } from '../uploads/http.ts';
import type { BrandingService } from './service.ts';

const { branding: declared } = endpoints;
const MAX_BYTES = { logo: LOGO_UPLOAD.maxBytes, favicon: FAVICON_UPLOAD.maxBytes };

export function brandingRoutes(branding: BrandingService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.shown, async () => branding.shown());
    serve(app, declared.stored, async () => branding.stored());
    serve(app, declared.save, async (request) => branding.save(request.body));

    for (const image of brandingImages) {
      const { get, set, remove } = brandingImageEndpoints[image];
      serve(app, get, async (_request, reply) => sendImage(reply, await branding.image(image)));
      serve(app, set, async (request) =>
        branding.setImage(image, await readUpload(request, MAX_BYTES[image])),
      );
      serve(app, remove, async () => branding.removeImage(image));
    }
  };
}
