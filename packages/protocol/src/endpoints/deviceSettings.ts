/**
 * Device settings under /api/v1/inventory/settings/ (SPEC 7): one endpoint per row of `settingsCalls`
 * (networking/sections.ts, where each section lists its calls), named by its path under the root, plus
 * the per-section state the screens show beside every form. Reads need Inventory view and answer the
 * schema of `settingsReadResponses`; writes need Inventory management, answer the section's state and are
 * logged as `inventory.settings.<call>`.
 */
import {
  SETTINGS_STATE_PATH,
  clientUnlinkResponse,
  settingsReadResponses,
  settingsStateQuery,
  settingsStateResponse,
  settingsWriteResponse,
  type SettingsReadPath,
} from '../device-settings.ts';
import { settingsCalls } from '../networking/sections.ts';
import { SETTINGS_API_ROOT, type SettingsCall } from '../networking/calls.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints, type Endpoint, type EndpointSpec } from './endpoint.ts';

/** The path of a call under the settings root, e.g. `wifi/authentication/add`. */
export const settingsRouteOf = (path: string) => path.slice(SETTINGS_API_ROOT.length + 1);

/** Writes that change no configuration, only ask the device to act, and what they answer. */
const actionResponses: Partial<Record<string, EndpointSpec['response'][200]>> = {
  [`${SETTINGS_API_ROOT}/clients/unlink`]: clientUnlinkResponse,
};

/** A device that is not known answers 404; one that does not answer in time, 504. */
const deviceErrors = [404, 504];

function specOf(call: SettingsCall): EndpointSpec {
  const route = settingsRouteOf(call.path);
  if (call.kind === 'read') {
    return {
      method: call.method,
      path: call.path,
      permission: canView('Inventory'),
      query: call.request,
      response: { 200: settingsReadResponses[call.path as SettingsReadPath] },
      errors: deviceErrors,
      summary: call.spec ? undefined : 'beyond SPEC 7, in its pattern',
    };
  }
  return {
    method: call.method,
    path: call.path,
    permission: canManage('Inventory'),
    activity: `inventory.settings.${route.replaceAll('/', '.')}`,
    body: call.request,
    response: { 200: actionResponses[call.path] ?? settingsWriteResponse },
    // 423: License Lock (no licence covers the device).
    errors: [...deviceErrors, 409, 423],
    summary: call.spec ? undefined : 'beyond SPEC 7, in its pattern',
  };
}

const stateEndpoints = featureEndpoints('deviceSettings', {
  state: endpoint({
    method: 'GET',
    path: SETTINGS_STATE_PATH,
    permission: canView('Inventory'),
    query: settingsStateQuery,
    response: { 200: settingsStateResponse },
    errors: [404],
  }),
});

const callEndpoints = featureEndpoints(
  'deviceSettings',
  Object.fromEntries(settingsCalls.map((call) => [settingsRouteOf(call.path), specOf(call)])) as Record<
    string,
    EndpointSpec
  >,
);

export const deviceSettingsEndpoints: typeof stateEndpoints & Record<string, Endpoint> = {
  ...callEndpoints,
  ...stateEndpoints,
};

/** The endpoint of a settings call. */
export const settingsEndpointOf = (call: SettingsCall): Endpoint =>
  callEndpoints[settingsRouteOf(call.path)]!;
