/**
 * The inventory: the device list, groups, the device dashboard, inventory actions (SPEC 4: set idle,
 * reboot, shut down, delete), secure mode and each user's map configuration. Everything about devices
 * comes from the devices feature's services; this feature adds presentation and the operator's choices.
 */
import {
  DEFAULT_DASHBOARD_CONFIG,
  messages,
  type DashboardConfig,
  type DashboardConfigPatch,
  type DashboardRequest,
  type DeviceActionResponse,
  type DeviceDashboard,
  type DeviceGroup,
  type DeviceRow,
  type GroupListResponse,
  type GroupListV2Response,
  type InventoryListResponse,
  type MapDevice,
  type MapResponse,
  type SecureMode,
} from '@edge/protocol';
import type { z } from 'zod';
import type { groupListV2Query, inventoryListQuery } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import {
  DeviceRpcError,
  statusLabel,
  type DeviceServices,
  type DeviceView,
  type LiveDevice,
  type RpcService,
  type TelemetryService,
} from '../devices/index.ts';

type Device = Readonly<LiveDevice>;
import { listDevices } from './list.ts';
import { seriesOf, snapshotOf, toRow } from './present.ts';
import { inventoryStore } from './store.ts';
import { rpcStatus, rpcWords, withError } from './device-failure.ts';
import { secureModeKeeper } from './secure-mode.ts';

export interface InventoryDeps {
  db: Db;
  devices: DeviceServices['devices'];
  enrolment: DeviceServices['enrolment'];
  telemetry: TelemetryService;
  /** Secure mode is sent to devices (secure-mode.ts). */
  rpc: RpcService;
  now?: () => number;
}

/** Group names are read often (every list, every live batch) and change rarely: kept briefly in memory. */
const GROUP_CACHE_MS = 2000;
const HOUR_MS = 3_600_000;
const MAX_RANGE_MS = 31 * 24 * HOUR_MS;

export function inventoryService(deps: InventoryDeps) {
  const { devices, telemetry } = deps;
  const now = deps.now ?? Date.now;
  const store = inventoryStore(deps.db);
  const rowListeners = new Set<(ids: string[]) => void>();

  // ---- group names --------------------------------------------------------------------------------
  let groupCache: { at: number; groups: DeviceGroup[]; names: Map<number, string> } | null = null;
  async function groups(): Promise<{ groups: DeviceGroup[]; names: Map<number, string> }> {
    if (!groupCache || now() - groupCache.at > GROUP_CACHE_MS) {
      const list = await devices.groups.list();
      groupCache = { at: now(), groups: list, names: new Map(list.map((g) => [g.id, g.name])) };
    }
    return groupCache;
  }
  const groupsChanged = () => (groupCache = null);
  /** Group names for these devices; a group created elsewhere (provisioning) since the last read is fetched. */
  async function namesFor(views: readonly DeviceView[]): Promise<Map<number, string>> {
    const { names } = await groups();
    if (views.every((v) => v.groupId === null || names.has(v.groupId))) return names;
    groupsChanged();
    return (await groups()).names;
  }

  const rowsChanged = (ids: string[]) => {
    for (const listener of rowListeners) listener(ids);
  };

  // ---- secure modes: the operator's choice, sent to the device --------------------------------------
  const secureModes = secureModeKeeper({ store, devices, rpc: deps.rpc, rowsChanged });
  const desiredModes = secureModes.desired;

  async function rowOf(view: DeviceView): Promise<DeviceRow> {
    const [names, modes] = await Promise.all([namesFor([view]), desiredModes()]);
    return toRow(view, names.get(view.groupId ?? -1) ?? '', modes[view.id]);
  }

  function device(id: string): DeviceView {
    const view = devices.get(id);
    if (!view) throw fail(404, 'deviceNotFound');
    return view;
  }

  async function mustBeGroup(id: number): Promise<DeviceGroup> {
    const group = await devices.groups.get(id);
    if (!group) throw fail(404, 'groupNotFound');
    return group;
  }

  async function dashboardConfig(userId: number): Promise<DashboardConfig> {
    return { ...DEFAULT_DASHBOARD_CONFIG, ...(await store.dashboardConfig(userId)) };
  }

  const service = {
    /** Called with the ids of devices whose rows changed for reasons the device changes do not carry. */
    onRowsChanged(listener: (ids: string[]) => void): () => void {
      rowListeners.add(listener);
      return () => rowListeners.delete(listener);
    },

    /** Rows of these devices; ids no longer in the inventory are left out. */
    async rows(ids: Iterable<string>): Promise<DeviceRow[]> {
      const views = [...ids].map((id) => devices.get(id)).filter((v) => v !== undefined);
      const [names, modes] = await Promise.all([namesFor(views), desiredModes()]);
      return views.map((view) => toRow(view, names.get(view.groupId ?? -1) ?? '', modes[view.id]));
    },

    async list(query: z.output<typeof inventoryListQuery>): Promise<InventoryListResponse> {
      let names = (await groups()).names;
      const groupName = (id: number | null) => {
        if (id === null) return '';
        const name = names.get(id);
        if (name !== undefined) return name;
        // A group created elsewhere (provisioning) since the cache was filled: named on the next request.
        groupsChanged();
        return '';
      };
      const result = listDevices(devices.scan(), query, groupName);
      const page = result.page.map((id) => devices.get(id)).filter((v) => v !== undefined);
      names = await namesFor(page);
      const modes = await desiredModes();
      return {
        list: page.map((v) => toRow(v, names.get(v.groupId ?? -1) ?? '', modes[v.id])),
        totalNumber: result.totalNumber,
        numOnline: result.numOnline,
        numOffline: result.numOffline,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    // ---- groups -------------------------------------------------------------------------------------
    async groupList(customerID?: number): Promise<GroupListResponse> {
      groupsChanged();
      const { groups: all } = await groups();
      return { list: customerID === undefined ? all : all.filter((g) => g.customerID === customerID) };
    },

    async groupListV2(query: z.output<typeof groupListV2Query>): Promise<GroupListV2Response> {
      groupsChanged();
      const { groups: all } = await groups();
      const needle = query.name?.toLowerCase() ?? '';
      const chosen = all.filter(
        (g) =>
          (query.customerID === undefined || g.customerID === query.customerID) &&
          (!needle || g.name.toLowerCase().includes(needle)),
      );
      const counts = new Map<number, { numOnline: number; numOffline: number }>();
      const ungrouped = { numOnline: 0, numOffline: 0 };
      for (const device of devices.scan()) {
        const groupId = device.record.groupId;
        let c = groupId === null ? ungrouped : counts.get(groupId);
        if (!c && groupId !== null) counts.set(groupId, (c = { numOnline: 0, numOffline: 0 }));
        if (device.online) c!.numOnline++;
        else c!.numOffline++;
      }
      const start = (query.page - 1) * query.pageSize;
      return {
        list: chosen.slice(start, start + query.pageSize).map((g) => {
          const c = counts.get(g.id) ?? { numOnline: 0, numOffline: 0 };
          return { ...g, ...c, numDevices: c.numOnline + c.numOffline };
        }),
        totalNumber: chosen.length,
        page: query.page,
        pageSize: query.pageSize,
        ungrouped,
      };
    },

    async createGroup(name: string, customerID: number | null): Promise<DeviceGroup> {
      const group = await devices.groups.create(name, customerID);
      groupsChanged();
      return group;
    },

    async renameGroup(id: number, name: string): Promise<DeviceGroup> {
      const group = await devices.groups.rename(id, name);
      if (!group) throw fail(404, 'groupNotFound');
      groupsChanged();
      rowsChanged([...devices.scan()].filter((d) => d.record.groupId === id).map((d) => d.record.id));
      return group;
    },

    async deleteGroup(id: number): Promise<void> {
      if (!(await devices.groups.remove(id))) throw fail(404, 'groupNotFound');
      groupsChanged();
    },

    /** Moves devices into a group, or out of every group (null). */
    async assignGroup(groupId: number | null, deviceIds: string[]): Promise<void> {
      if (groupId !== null) await mustBeGroup(groupId);
      const unknown = deviceIds.find((id) => !devices.get(id));
      if (unknown) throw fail(404, 'deviceNotFound');
      await devices.updateMany(deviceIds, { groupId });
    },

    // ---- dashboard ----------------------------------------------------------------------------------
    async dashboard(request: DashboardRequest): Promise<DeviceDashboard> {
      const view = device(request.DeviceID);
      const to = request.to ?? now();
      const from = request.from ?? to - HOUR_MS;
      if (from >= to || to - from > MAX_RANGE_MS) throw fail(400, 'dashboardRangeInvalid');
      const history = await telemetry.history(view.id, { from, to });
      return { ...snapshotOf(view), device: await rowOf(view), series: seriesOf(history, from, to) };
    },

    // ---- actions ------------------------------------------------------------------------------------
    async setIdle(id: string, idle: boolean): Promise<DeviceActionResponse> {
      device(id);
      const view = await devices.actions.setIdle(id, idle);
      return { message: messages[idle ? 'deviceIdleSet' : 'deviceIdleCleared'], device: await rowOf(view) };
    },

    async reboot(id: string): Promise<DeviceActionResponse> {
      device(id);
      try {
        const { inMs } = await devices.actions.reboot(id);
        return { message: messages.deviceRebooting, device: await rowOf(device(id)), delayMs: inMs };
      } catch (err) {
        if (err instanceof DeviceRpcError)
          throw fail(rpcStatus(err), 'cannotReboot', withError('cannotReboot', rpcWords(err)));
        throw err;
      }
    },

    async shutdown(id: string): Promise<DeviceActionResponse> {
      device(id);
      try {
        const { inMs } = await devices.actions.shutdown(id);
        return { message: messages.deviceShuttingDown, device: await rowOf(device(id)), delayMs: inMs };
      } catch (err) {
        if (!(err instanceof DeviceRpcError)) throw err;
        // SPEC 4: a device that cannot turn itself off, or cannot be reached to be told, cannot be turned off.
        if (err.reason === 'deviceOffline' || err.remoteCode === 'unsupported')
          throw fail(409, 'cannotTurnOff');
        if (err.reason === 'deviceTimeout') throw fail(504, 'deviceTimeout');
        if (err.remoteCode === 'busy') throw fail(409, 'deviceBusy');
        throw fail(rpcStatus(err), 'deviceCommandFailed', withError('deviceCommandFailed', rpcWords(err)));
      }
    },

    /** Removes the device: its credential stops working at once; it must be provisioned again. */
    async remove(id: string): Promise<void> {
      device(id);
      await deps.enrolment.remove(id);
      await secureModes.forget(id);
    },

    /** Records the secure mode the operator chose and tells the device (secure-mode.ts). */
    async setSecureMode(id: string, secureMode: SecureMode): Promise<DeviceActionResponse> {
      const view = device(id);
      const running = await secureModes.set(view, secureMode);
      // The device's answer may come before the hello that reports it: the row shows the answer.
      return { message: messages.secureModeEdited, device: await rowOf({ ...view, secureMode: running }) };
    },

    // ---- map ----------------------------------------------------------------------------------------
    dashboardConfig,

    async saveDashboardConfig(userId: number, patch: DashboardConfigPatch): Promise<DashboardConfig> {
      const config = { ...(await dashboardConfig(userId)), ...patch };
      if (config.type === 'group') {
        if (config.iGWSGroupID === null) throw fail(400, 'groupNotFound');
        await mustBeGroup(config.iGWSGroupID);
      }
      await store.saveDashboardConfig(userId, config);
      return config;
    },

    async map(userId: number): Promise<MapResponse> {
      const config = await dashboardConfig(userId);
      const chosen = new Set(config.iGWSHeartBeatIDs);
      const inScope = (d: Device) =>
        config.type === 'all' ||
        (config.type === 'group' && d.record.groupId === config.iGWSGroupID) ||
        (config.type === 'devices' && chosen.has(d.record.id));
      const list: MapDevice[] = [];
      let withoutLocation = 0;
      let numOnline = 0;
      let numOffline = 0;
      for (const device of devices.scan()) {
        if (!inScope(device)) continue;
        if (device.online) numOnline++;
        else numOffline++;
        const { latitude, longitude } = device.record;
        if (latitude === null || longitude === null) {
          withoutLocation++;
          continue;
        }
        list.push({
          id: device.record.id,
          label: mapLabel(device, config.contentType),
          latitude,
          longitude,
          online: device.online,
          status: statusLabel(device),
          ...mapColour(device, config.colorType),
          size: config.sizeType,
        });
      }
      return { config, list, withoutLocation, numOnline, numOffline };
    },
  };
  return service;
}

function mapLabel(device: Device, content: DashboardConfig['contentType']): string {
  switch (content) {
    case 'name':
      return device.record.name;
    case 'ip':
      return device.record.ip;
    case 'imei':
      return device.cellular?.imei ?? '';
    case 'imsi':
      return device.cellular?.imsi ?? '';
  }
}

/** Colour level 0 (good) to 2 (bad), -1 for offline or unknown, with the value it stands for. */
function mapColour(
  device: Device,
  colour: DashboardConfig['colorType'],
): { colorLevel: number; colorValue: string } {
  const status = statusLabel(device);
  if (!device.online) return { colorLevel: -1, colorValue: status };
  if (colour === 'status') {
    const level = status === 'Runs Well' ? 0 : status === 'Alarm' ? 2 : 1;
    return { colorLevel: level, colorValue: status };
  }
  if (colour === 'signal') {
    const quality = device.heartbeat?.signal?.quality;
    if (!quality) return { colorLevel: -1, colorValue: '' };
    return { colorLevel: { excellent: 0, good: 1, poor: 2 }[quality], colorValue: quality };
  }
  const load = device.heartbeat?.load;
  if (!load) return { colorLevel: -1, colorValue: '' };
  return { colorLevel: { Low: 0, Medium: 1, High: 2 }[load], colorValue: load };
}

export type InventoryService = ReturnType<typeof inventoryService>;
