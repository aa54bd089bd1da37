/** Inventory: the device list, groups, the device dashboard, inventory actions, secure mode, the map. */
import {
  dashboardConfig,
  dashboardConfigPatch,
  dashboardRequest,
  deviceActionResponse,
  deviceDashboard,
  deviceGroup,
  deviceIdRequest,
  groupAssignRequest,
  groupCreateRequest,
  groupEditRequest,
  groupIdRequest,
  groupListQuery,
  groupListResponse,
  groupListV2Query,
  groupListV2Response,
  inventoryListQuery,
  inventoryListResponse,
  mapResponse,
  messageResponse,
  secureModeRequest,
  setIdleRequest,
  sortOptionsResponse,
} from '../inventory.ts';
import { canManage, canView } from '../permissions.ts';
import { endpoint, featureEndpoints } from './endpoint.ts';

const V1 = '/api/v1/inventory';
const view = { permission: canView('Inventory') };
const manage = (action: string) => ({ permission: canManage('Inventory'), activity: `inventory.${action}` });
const sortOptions = { method: 'GET', ...view, response: { 200: sortOptionsResponse } } as const;
/**
 * Actions on one device: 404 deviceNotFound; 409 deviceOffline, deviceBusy, cannotTurnOff; 502 when the
 * device refuses (cannotReboot, in its words); 504 deviceTimeout.
 */
const deviceAction = { response: { 200: deviceActionResponse }, errors: [404, 409, 502, 504] } as const;

export const inventoryEndpoints = featureEndpoints('inventory', {
  list: endpoint({
    method: 'GET',
    path: `${V1}/list`,
    ...view,
    query: inventoryListQuery,
    response: { 200: inventoryListResponse },
  }),
  deviceSortBy: endpoint({ ...sortOptions, path: `${V1}/getDeviceSortBy` }),
  signalListSortBy: endpoint({ ...sortOptions, path: `${V1}/getSignalListSortBy` }),
  order: endpoint({ ...sortOptions, path: `${V1}/getOrder` }),

  groupList: endpoint({
    method: 'GET',
    path: `${V1}/group/list`,
    ...view,
    query: groupListQuery,
    response: { 200: groupListResponse },
  }),
  groupListV2: endpoint({
    method: 'GET',
    path: '/api/v2/inventory/group/list',
    ...view,
    query: groupListV2Query,
    response: { 200: groupListV2Response },
  }),
  createGroup: endpoint({
    method: 'POST',
    path: `${V1}/group/create`,
    ...manage('group.create'),
    body: groupCreateRequest,
    response: { 200: deviceGroup },
    errors: [409],
  }),
  editGroup: endpoint({
    method: 'PATCH',
    path: `${V1}/group/edit`,
    ...manage('group.edit'),
    body: groupEditRequest,
    response: { 200: deviceGroup },
    errors: [404, 409],
  }),
  deleteGroup: endpoint({
    method: 'DELETE',
    path: `${V1}/group/delete`,
    ...manage('group.delete'),
    body: groupIdRequest,
    response: { 200: messageResponse },
    errors: [404],
  }),
  assignGroup: endpoint({
    method: 'PATCH',
    path: `${V1}/group/assign`,
    ...manage('group.assign'),
    body: groupAssignRequest,
    response: { 200: messageResponse },
    errors: [404],
  }),

  // A read that carries its parameters in a body (SPEC 7): view permission, open to read_api tokens. The
  // activity log records every POST; this one says what it was.
  dashboard: endpoint({
    method: 'POST',
    path: '/api/v1/dashboards/get',
    ...view,
    readsOnly: true,
    activity: 'inventory.dashboard.view',
    body: dashboardRequest,
    response: { 200: deviceDashboard },
    errors: [404],
  }),

  setIdle: endpoint({
    method: 'PATCH',
    path: `${V1}/setIdle`,
    ...manage('setIdle'),
    body: setIdleRequest,
    ...deviceAction,
  }),
  reboot: endpoint({
    method: 'POST',
    path: `${V1}/reboot`,
    ...manage('reboot'),
    body: deviceIdRequest,
    ...deviceAction,
  }),
  shutdown: endpoint({
    method: 'POST',
    path: `${V1}/shutdown`,
    ...manage('shutdown'),
    body: deviceIdRequest,
    ...deviceAction,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${V1}/delete`,
    ...manage('delete'),
    body: deviceIdRequest,
    response: { 200: messageResponse },
    errors: [404],
  }),
  secureMode: endpoint({
    method: 'PATCH',
    path: `${V1}/secureMode/setting`,
    ...manage('secureMode'),
    body: secureModeRequest,
    ...deviceAction,
  }),

  // The map: each user's own configuration, so changing it needs only the view permission.
  dashboardConfig: endpoint({
    method: 'GET',
    path: `${V1}/dashboardConfig`,
    ...view,
    response: { 200: dashboardConfig },
  }),
  saveDashboardConfig: endpoint({
    method: 'PATCH',
    path: `${V1}/dashboardConfig`,
    ...view,
    activity: 'inventory.dashboardConfig',
    body: dashboardConfigPatch,
    response: { 200: dashboardConfig },
  }),
  map: endpoint({ method: 'GET', path: `${V1}/map`, ...view, response: { 200: mapResponse } }),
});
