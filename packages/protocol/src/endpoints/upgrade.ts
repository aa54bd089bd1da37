/**
 * Software upgrade (SPEC 2, 3, 7; issue 22). Settings > Upgrade: the console's version, up time, last
 * check, live data and the auto-check / auto-upgrade settings, with the release feed they read. Device
 * images (signed agent and firmware builds), their staged rollout and the version report. The download a
 * device fetches its image by (a one-time token the console sent it over its own MQTT topic), and the
 * device logo routes of SPEC 7 (systemUpgrade showLogo, uploadLogo, clearLogo).
 */
import { z } from 'zod';
import { okResponse } from '../auth.ts';
import { SETTINGS_API_ROOT } from '../networking/calls.ts';
import { canManage, canView, publicRoute } from '../permissions.ts';
import {
  deviceImageList,
  deviceImageView,
  deviceLogo,
  deviceVersionList,
  imageIdRequest,
  upgradeInfo,
  upgradeRolloutRequest,
  upgradeRolloutResponse,
  upgradeSettings,
} from '../upgrade.ts';
import { endpoint, featureEndpoints, fileAnswer } from './endpoint.ts';

export const UPGRADE_API = '/api/v1/systemUpgrade';
/** Where a device downloads its image: `?token=` from the upgrade call. */
export const DEVICE_IMAGE_DOWNLOAD_PATH = `${UPGRADE_API}/image/fetch`;
const LOGO_PATH = `${SETTINGS_API_ROOT}/systemUpgrade`;

const view = { permission: canView('Upgrade') };
const manage = (action: string) => ({ permission: canManage('Upgrade'), activity: `upgrade.${action}` });
const deviceQuery = z.object({ id: z.string().min(1).max(64) });

export const upgradeEndpoints = featureEndpoints('upgrade', {
  info: endpoint({ method: 'GET', path: `${UPGRADE_API}/info`, ...view, response: { 200: upgradeInfo } }),
  saveSettings: endpoint({
    method: 'PATCH',
    path: `${UPGRADE_API}/setting`,
    ...manage('setting'),
    body: upgradeSettings,
    response: { 200: upgradeInfo },
  }),
  check: endpoint({
    method: 'POST',
    path: `${UPGRADE_API}/check`,
    ...manage('check'),
    response: { 200: upgradeInfo },
    errors: [502],
  }),
  stage: endpoint({
    method: 'POST',
    path: `${UPGRADE_API}/stage`,
    ...manage('stage'),
    response: { 200: upgradeInfo },
    errors: [404, 502],
  }),
  uploadFeed: endpoint({
    method: 'POST',
    path: `${UPGRADE_API}/feed/upload`,
    ...manage('feedUpload'),
    upload: true,
    response: { 200: upgradeInfo },
  }),
  images: endpoint({
    method: 'GET',
    path: `${UPGRADE_API}/image/list`,
    ...view,
    response: { 200: deviceImageList },
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: `${UPGRADE_API}/image/upload`,
    ...manage('imageUpload'),
    upload: true,
    response: { 200: deviceImageView },
    errors: [409],
  }),
  removeImage: endpoint({
    method: 'DELETE',
    path: `${UPGRADE_API}/image/delete`,
    ...manage('imageDelete'),
    body: imageIdRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
  rollout: endpoint({
    method: 'POST',
    path: `${UPGRADE_API}/rollout`,
    ...manage('rollout'),
    body: upgradeRolloutRequest,
    response: { 200: upgradeRolloutResponse },
    errors: [404],
  }),
  versions: endpoint({
    method: 'GET',
    path: `${UPGRADE_API}/versions`,
    ...view,
    response: { 200: deviceVersionList },
  }),
  deviceDownload: endpoint({
    method: 'GET',
    path: DEVICE_IMAGE_DOWNLOAD_PATH,
    permission: publicRoute,
    query: z.object({ token: z.string().regex(/^[\w-]{20,100}$/) }),
    response: { 200: fileAnswer },
    raw: 'file',
    errors: [404],
    summary: 'a device fetches its image with the one-time token of its upgrade call',
  }),
  showLogo: endpoint({
    method: 'GET',
    path: `${LOGO_PATH}/showLogo`,
    permission: canView('Inventory'),
    query: deviceQuery,
    response: { 200: deviceLogo.nullable() },
    errors: [404, 504],
  }),
  uploadLogo: endpoint({
    method: 'PATCH',
    path: `${LOGO_PATH}/uploadLogo`,
    permission: canManage('Inventory'),
    activity: 'inventory.settings.systemUpgrade.uploadLogo',
    query: deviceQuery,
    upload: true,
    response: { 200: okResponse },
    errors: [404, 504],
  }),
  clearLogo: endpoint({
    method: 'DELETE',
    path: `${LOGO_PATH}/clearLogo`,
    permission: canManage('Inventory'),
    activity: 'inventory.settings.systemUpgrade.clearLogo',
    query: deviceQuery,
    response: { 200: okResponse },
    errors: [404, 504],
  }),
});
