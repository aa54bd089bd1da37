/**
 * The inventory: the device list, groups, the device dashboard, inventory actions (SPEC 4: set idle,
 * reboot, shut down, delete), secure mode and each user's map configuration. Everything about devices
 * comes from the devices feature's services; this feature adds presentation and the operator's choices.
 * The parts are in their own files: groups.ts, actions.ts, map.ts; rows are made here.
 */
import type { z } from 'zod';
import type {
  DashboardRequest,
  DeviceDashboard,
  DeviceRow,
  InventoryListResponse,
  inventoryListQuery,
} from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import type { DeviceServices, DeviceView, RpcService, TelemetryService } from '../devices/index.ts';
import { fleetLister } from './list.ts';
import { seriesOf, snapshotOf, toRow } from './present.ts';
import { inventoryStore } from './store.ts';
import { secureModeKeeper } from './secure-mode.ts';
import { groupNames } from './group-names.ts';
import { inventoryGroups } from './groups.ts';
import { inventoryActions } from './actions.ts';
import { deviceMap } from './map.ts';
import { knownDevice } from './lookup.ts';

export interface InventoryDeps {
  db: Db;
  devices: DeviceServices['devices'];
  enrolment: DeviceServices['enrolment'];
  telemetry: TelemetryService;
  /** Secure mode is sent to devices (secure-mode.ts). */
  rpc: RpcService;
  now?: () => number;
}

const HOUR_MS = 3_600_000;
const MAX_RANGE_MS = 31 * 24 * HOUR_MS;

export function inventoryService(deps: InventoryDeps) {
  const { devices, telemetry } = deps;
  const now = deps.now ?? Date.now;
  const store = inventoryStore(deps.db);
  const names = groupNames(devices, now);
  const listFleet = fleetLister(devices);
  const rowListeners = new Set<(ids: string[]) => void>();
  const rowsChanged = (ids: string[]) => {
    for (const listener of rowListeners) listener(ids);
  };
  // The operator's choice of secure mode, sent to the device.
  const secureModes = secureModeKeeper({ store, devices, rpc: deps.rpc, rowsChanged });

  /** Rows of these devices, with their group's name and the secure mode chosen for them. */
  async function rowsOf(views: DeviceView[]): Promise<DeviceRow[]> {
    const [byId, modes] = await Promise.all([names.namesFor(views), secureModes.desired()]);
    return views.map((view) => toRow(view, byId.get(view.groupId ?? -1) ?? '', modes[view.id]));
  }
  const rowOf = async (view: DeviceView) => (await rowsOf([view]))[0]!;

  return {
    /** Called with the ids of devices whose rows changed for reasons the device changes do not carry. */
    onRowsChanged(listener: (ids: string[]) => void): () => void {
      rowListeners.add(listener);
      return () => rowListeners.delete(listener);
    },

    /** Rows of these devices; ids no longer in the inventory are left out. */
    async rows(ids: Iterable<string>): Promise<DeviceRow[]> {
      return rowsOf([...ids].map((id) => devices.get(id)).filter((v) => v !== undefined));
    },

    async list(query: z.output<typeof inventoryListQuery>): Promise<InventoryListResponse> {
      const known = (await names.all()).names;
      const groupName = (id: number | null) => {
        if (id === null) return '';
        const name = known.get(id);
        if (name !== undefined) return name;
        // A group created elsewhere (provisioning) since the cache was filled: named on the next request.
        names.changed();
        return '';
      };
      const result = listFleet(query, groupName);
      const page = result.page.map((id) => devices.get(id)).filter((v) => v !== undefined);
      return {
        list: await rowsOf(page),
        totalNumber: result.totalNumber,
        numOnline: result.numOnline,
        numOffline: result.numOffline,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async dashboard(request: DashboardRequest): Promise<DeviceDashboard> {
      const view = knownDevice(devices, request.DeviceID);
      const to = request.to ?? now();
      const from = request.from ?? to - HOUR_MS;
      if (from >= to || to - from > MAX_RANGE_MS) throw fail(400, 'dashboardRangeInvalid');
      const history = await telemetry.history(view.id, { from, to });
      return { ...snapshotOf(view), device: await rowOf(view), series: seriesOf(history, from, to) };
    },

    ...inventoryGroups({ devices, names, rowsChanged }),
    ...inventoryActions({ devices, enrolment: deps.enrolment, secureModes, rowOf }),
    ...deviceMap({ store, devices }),
  };
}

export type InventoryService = ReturnType<typeof inventoryService>;
