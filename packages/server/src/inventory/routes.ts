/** Inventory: the device list, groups, the device dashboard, inventory actions, secure mode, the map. */
import type { FastifyInstance } from 'fastify';
import { DEVICE_SORT_OPTIONS, ORDER_OPTIONS, SIGNAL_SORT_OPTIONS, endpoints, messages } from '@edge/protocol';
import { serve } from '../http/serve.ts';
import type { InventoryService } from './service.ts';

const { inventory: declared } = endpoints;

export function inventoryRoutes(inventory: InventoryService) {
  return async (app: FastifyInstance) => {
    serve(app, declared.list, async (request) => inventory.list(request.query));
    serve(app, declared.deviceSortBy, async () => ({ list: DEVICE_SORT_OPTIONS }));
    serve(app, declared.signalListSortBy, async () => ({ list: SIGNAL_SORT_OPTIONS }));
    serve(app, declared.order, async () => ({ list: ORDER_OPTIONS }));

    // Groups
    serve(app, declared.groupList, async (request) => inventory.groupList(request.query.customerID));
    serve(app, declared.groupListV2, async (request) => inventory.groupListV2(request.query));
    serve(app, declared.createGroup, async (request) =>
      inventory.createGroup(request.body.name, request.body.customerID ?? null),
    );
    serve(app, declared.editGroup, async (request) =>
      inventory.renameGroup(request.body.id, request.body.name),
    );
    serve(app, declared.deleteGroup, async (request) => {
      await inventory.deleteGroup(request.body.id);
      return { message: messages.groupDeleted };
    });
    serve(app, declared.assignGroup, async (request) => {
      await inventory.assignGroup(request.body.groupId, request.body.deviceIds);
      return { message: messages.groupAssigned };
    });

    // The device dashboard
    serve(app, declared.dashboard, async (request) => inventory.dashboard(request.body));

    // Inventory actions
    serve(app, declared.setIdle, async (request) => inventory.setIdle(request.body.id, request.body.idle));
    serve(app, declared.reboot, async (request) => inventory.reboot(request.body.id));
    serve(app, declared.shutdown, async (request) => inventory.shutdown(request.body.id));
    serve(app, declared.remove, async (request) => {
      await inventory.remove(request.body.id);
      return { message: messages.deviceRemoved };
    });
    serve(app, declared.secureMode, async (request) =>
      inventory.setSecureMode(request.body.id, request.body.secureMode),
    );

    // The map: each user's own configuration.
    serve(app, declared.dashboardConfig, async (request) =>
      inventory.dashboardConfig(request.identity!.userId),
    );
    serve(app, declared.saveDashboardConfig, async (request) =>
      inventory.saveDashboardConfig(request.identity!.userId, request.body),
    );
    serve(app, declared.map, async (request) => inventory.map(request.identity!.userId));
  };
}
