/** Device groups as the inventory shows them: lists with online counts, and the operator's changes. */
import type { z } from 'zod';
import type { DeviceGroup, GroupListResponse, GroupListV2Response, groupListV2Query } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import { fail } from '../http/errors.ts';
import type { GroupNames } from './group-names.ts';
import { knownGroup } from './lookup.ts';

interface Counts {
  numOnline: number;
  numOffline: number;
}

export function inventoryGroups(deps: {
  devices: DeviceDirectory;
  names: GroupNames;
  /** Rows whose group name changed. */
  rowsChanged(ids: string[]): void;
}) {
  const { devices, names } = deps;

  /** Online and offline devices per group, and of the ungrouped ones. */
  function countByGroup(): { counts: Map<number, Counts>; ungrouped: Counts } {
    const counts = new Map<number, Counts>();
    const ungrouped = { numOnline: 0, numOffline: 0 };
    for (const device of devices.scan()) {
      const groupId = device.record.groupId;
      let c = groupId === null ? ungrouped : counts.get(groupId);
      if (!c && groupId !== null) counts.set(groupId, (c = { numOnline: 0, numOffline: 0 }));
      if (device.online) c!.numOnline++;
      else c!.numOffline++;
    }
    return { counts, ungrouped };
  }

  return {
    async groupList(customerID?: number): Promise<GroupListResponse> {
      names.changed();
      const { groups: all } = await names.all();
      return { list: customerID === undefined ? all : all.filter((g) => g.customerID === customerID) };
    },

    async groupListV2(query: z.output<typeof groupListV2Query>): Promise<GroupListV2Response> {
      names.changed();
      const { groups: all } = await names.all();
      const needle = query.name?.toLowerCase() ?? '';
      const chosen = all.filter(
        (g) =>
          (query.customerID === undefined || g.customerID === query.customerID) &&
          (!needle || g.name.toLowerCase().includes(needle)),
      );
      const { counts, ungrouped } = countByGroup();
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
      names.changed();
      return group;
    },

    async renameGroup(id: number, name: string): Promise<DeviceGroup> {
      const group = await devices.groups.rename(id, name);
      if (!group) throw fail(404, 'groupNotFound');
      names.changed();
      deps.rowsChanged([...devices.scan()].filter((d) => d.record.groupId === id).map((d) => d.record.id));
      return group;
    },

    async deleteGroup(id: number): Promise<void> {
      if (!(await devices.groups.remove(id))) throw fail(404, 'groupNotFound');
      names.changed();
    },

    /** Moves devices into a group, or out of every group (null). */
    async assignGroup(groupId: number | null, deviceIds: string[]): Promise<void> {
      if (groupId !== null) await knownGroup(devices, groupId);
      const unknown = deviceIds.find((id) => !devices.get(id));
      if (unknown) throw fail(404, 'deviceNotFound');
      await devices.updateMany(deviceIds, { groupId });
    },
  };
}
