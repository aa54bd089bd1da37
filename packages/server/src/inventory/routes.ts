/** Inventory: the device list, groups, the device dashboard, inventory actions, secure mode, the map. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEVICE_SORT_OPTIONS,
  ORDER_OPTIONS,
  SIGNAL_SORT_OPTIONS,
  canManage,
  canView,
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
  messages,
  secureModeRequest,
  setIdleRequest,
  sortOptionsResponse,
} from '@edge/protocol';
import type { InventoryService } from './service.ts';
import { activityAlongWith } from '../activity/recorder.ts';

const V1 = '/api/v1/inventory';
const tags = ['inventory'];
const view = { permission: canView('Inventory') };
const manage = (action: string) => ({ permission: canManage('Inventory'), activity: `inventory.${action}` });

export function inventoryRoutes(inventory: InventoryService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      `${V1}/list`,
      {
        config: view,
        schema: { tags, querystring: inventoryListQuery, response: { 200: inventoryListResponse } },
      },
      async (request) => inventory.list(request.query),
    );
    const options = (path: string, list: { value: string; label: string }[]) =>
      r.get(
        `${V1}/${path}`,
        { config: view, schema: { tags, response: { 200: sortOptionsResponse } } },
        async () => ({ list }),
      );
    options('getDeviceSortBy', DEVICE_SORT_OPTIONS);
    options('getSignalListSortBy', SIGNAL_SORT_OPTIONS);
    options('getOrder', ORDER_OPTIONS);

    // Groups
    r.get(
      `${V1}/group/list`,
      { config: view, schema: { tags, querystring: groupListQuery, response: { 200: groupListResponse } } },
      async (request) => inventory.groupList(request.query.customerID),
    );
    r.get(
      '/api/v2/inventory/group/list',
      {
        config: view,
        schema: { tags, querystring: groupListV2Query, response: { 200: groupListV2Response } },
      },
      async (request) => inventory.groupListV2(request.query),
    );
    r.post(
      `${V1}/group/create`,
      {
        config: manage('group.create'),
        schema: { tags, body: groupCreateRequest, response: { 200: deviceGroup } },
      },
      async (request) =>
        inventory.createGroup(request.body.name, request.body.customerID ?? null, activityAlongWith(request)),
    );
    r.patch(
      `${V1}/group/edit`,
      {
        config: manage('group.edit'),
        schema: { tags, body: groupEditRequest, response: { 200: deviceGroup } },
      },
      async (request) =>
        inventory.renameGroup(request.body.id, request.body.name, activityAlongWith(request)),
    );
    r.delete(
      `${V1}/group/delete`,
      {
        config: manage('group.delete'),
        schema: { tags, body: groupIdRequest, response: { 200: messageResponse } },
      },
      async (request) => {
        await inventory.deleteGroup(request.body.id, activityAlongWith(request));
        return { message: messages.groupDeleted };
      },
    );
    r.patch(
      `${V1}/group/assign`,
      {
        config: manage('group.assign'),
        schema: { tags, body: groupAssignRequest, response: { 200: messageResponse } },
      },
      async (request) => {
        await inventory.assignGroup(request.body.groupId, request.body.deviceIds);
        return { message: messages.groupAssigned };
      },
    );

    // The device dashboard
    r.post(
      '/api/v1/dashboards/get',
      // A read that carries its parameters in a body (SPEC 7): view permission, open to read_api tokens. The
      // activity log records every POST; this one says what it was.
      {
        config: { ...view, readsOnly: true, activity: 'inventory.dashboard.view' },
        schema: { tags, body: dashboardRequest, response: { 200: deviceDashboard } },
      },
      async (request) => inventory.dashboard(request.body),
    );

    // Inventory actions
    r.patch(
      `${V1}/setIdle`,
      {
        config: manage('setIdle'),
        schema: { tags, body: setIdleRequest, response: { 200: deviceActionResponse } },
      },
      async (request) => inventory.setIdle(request.body.id, request.body.idle),
    );
    r.post(
      `${V1}/reboot`,
      {
        config: manage('reboot'),
        schema: { tags, body: deviceIdRequest, response: { 200: deviceActionResponse } },
      },
      async (request) => inventory.reboot(request.body.id),
    );
    r.post(
      `${V1}/shutdown`,
      {
        config: manage('shutdown'),
        schema: { tags, body: deviceIdRequest, response: { 200: deviceActionResponse } },
      },
      async (request) => inventory.shutdown(request.body.id),
    );
    r.delete(
      `${V1}/delete`,
      {
        config: manage('delete'),
        schema: { tags, body: deviceIdRequest, response: { 200: messageResponse } },
      },
      async (request) => {
        await inventory.remove(request.body.id);
        return { message: messages.deviceRemoved };
      },
    );
    r.patch(
      `${V1}/secureMode/setting`,
      {
        config: manage('secureMode'),
        schema: { tags, body: secureModeRequest, response: { 200: deviceActionResponse } },
      },
      async (request) => inventory.setSecureMode(request.body.id, request.body.secureMode),
    );

    // The map: each user's own configuration, so changing it needs only the view permission.
    r.get(
      `${V1}/dashboardConfig`,
      { config: view, schema: { tags, response: { 200: dashboardConfig } } },
      async (request) => inventory.dashboardConfig(request.identity!.userId),
    );
    r.patch(
      `${V1}/dashboardConfig`,
      {
        config: { ...view, activity: 'inventory.dashboardConfig' },
        schema: { tags, body: dashboardConfigPatch, response: { 200: dashboardConfig } },
      },
      async (request) => inventory.saveDashboardConfig(request.identity!.userId, request.body),
    );
    r.get(`${V1}/map`, { config: view, schema: { tags, response: { 200: mapResponse } } }, async (request) =>
      inventory.map(request.identity!.userId),
    );
  };
}
