/**
 * License (SPEC 1, 2, 7): the uploaded licences, their priority and device lists, the container licences,
 * every device's link to what covers it, and the sales support form. Reading needs the License app;
 * changing licences needs it as management. Whether the trial has run out is every signed-in user's to
 * know (the desktop says so).
 */
import { okResponse } from '../auth.ts';
import {
  containerLicenseResponse,
  licenseDevicesQuery,
  licenseDevicesResponse,
  licenseIdRequest,
  licenseLinkResponse,
  licenseListResponse,
  licensePriorityRequest,
  licenseStatusResponse,
  licenseView,
  salesRequest,
} from '../license.ts';
import { canManage, canView, userRoute } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const PATH = '/api/v1/license';
const view = { permission: canView('License') };
const manage = (action: string) => ({ permission: canManage('License'), activity: `license.${action}` });

export const licenseEndpoints = featureEndpoints('license', {
  list: endpoint({ method: 'GET', path: `${PATH}/list`, ...view, response: { 200: licenseListResponse } }),
  status: endpoint({
    method: 'GET',
    path: `${PATH}/status`,
    permission: userRoute,
    response: { 200: licenseStatusResponse },
  }),
  upload: endpoint({
    method: 'POST',
    path: `${PATH}/upload`,
    ...manage('upload'),
    upload: true,
    response: { 200: licenseView },
  }),
  priority: endpoint({
    method: 'PATCH',
    path: `${PATH}/priority`,
    ...manage('priority'),
    body: licensePriorityRequest,
    response: { 200: licenseListResponse },
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${PATH}/delete`,
    ...manage('delete'),
    body: licenseIdRequest,
    response: { 200: okResponse },
    errors: [404],
  }),
  devices: endpoint({
    method: 'GET',
    path: `${PATH}/devices`,
    ...view,
    query: licenseDevicesQuery,
    response: { 200: licenseDevicesResponse },
    errors: [404],
  }),
  links: endpoint({
    method: 'GET',
    path: `${PATH}/link/list`,
    ...view,
    response: { 200: licenseLinkResponse },
  }),
  containers: endpoint({
    method: 'GET',
    path: `${PATH}/container/list`,
    ...view,
    response: { 200: containerLicenseResponse },
  }),
  sales: endpoint({
    method: 'POST',
    path: `${PATH}/sales`,
    ...view,
    activity: 'license.sales',
    body: salesRequest,
    response: { 200: okResponse },
    errors: [502],
  }),
});
