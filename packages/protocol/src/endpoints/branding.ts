/**
 * Platform branding: public reads for the sign-in screen (the branding, its logo and favicon), and
 * Settings > Branding for changing them.
 */
import { brandingRequest, brandingResponse } from '../branding.ts';
import { canManage, canView, publicRoute } from '../permissions.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

export const BRANDING_PATH = '/api/v1/branding';
const SETTINGS = '/api/v1/settings/branding';
const response = { 200: brandingResponse };
const manage = (action: string) => ({ permission: canManage('Branding'), activity: `branding.${action}` });
const image = { response: { 200: fileAnswer }, raw: 'image', errors: [404] } as const;

export const brandingEndpoints = featureEndpoints('branding', {
  shown: endpoint({ method: 'GET', path: BRANDING_PATH, permission: publicRoute, response }),
  logo: endpoint({ method: 'GET', path: `${BRANDING_PATH}/logo`, permission: publicRoute, ...image }),
  favicon: endpoint({ method: 'GET', path: `${BRANDING_PATH}/favicon`, permission: publicRoute, ...image }),
  stored: endpoint({ method: 'GET', path: SETTINGS, permission: canView('Branding'), response }),
  save: endpoint({ method: 'PATCH', path: SETTINGS, ...manage('edit'), body: brandingRequest, response }),
  setLogo: endpoint({ method: 'PATCH', path: `${SETTINGS}/logo`, ...manage('logo'), upload: true, response }),
  removeLogo: endpoint({ method: 'DELETE', path: `${SETTINGS}/logo`, ...manage('logo.delete'), response }),
  setFavicon: endpoint({
    method: 'PATCH',
    path: `${SETTINGS}/favicon`,
    ...manage('favicon'),
    upload: true,
    response,
  }),
  removeFavicon: endpoint({
    method: 'DELETE',
    path: `${SETTINGS}/favicon`,
    ...manage('favicon.delete'),
    response,
  }),
});

/** Per image: reading it, uploading it, removing it. */
export const brandingImageEndpoints = {
  logo: { get: brandingEndpoints.logo, set: brandingEndpoints.setLogo, remove: brandingEndpoints.removeLogo },
  favicon: {
    get: brandingEndpoints.favicon,
    set: brandingEndpoints.setFavicon,
    remove: brandingEndpoints.removeFavicon,
  },
} as const;
