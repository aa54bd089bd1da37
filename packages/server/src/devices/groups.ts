/** Device groups (SPEC 3 Group: id, name, customerID). */
import { ApiFailure } from '@edge/protocol';
import { unlessDuplicate } from '../db/errors.ts';
import type { DeviceRegistry } from './registry.ts';
import type { DeviceStore } from './store.ts';
import type { DeviceGroup } from './types.ts';

const toGroup = (row: { id: number; name: string; customer_id: number | null }): DeviceGroup => ({
  id: row.id,
  name: row.name,
  customerID: row.customer_id,
});

export function groupService(store: DeviceStore, registry: Pick<DeviceRegistry, 'forgetGroup'>) {
  const service = {
    list: async (): Promise<DeviceGroup[]> => (await store.listGroups()).map(toGroup),

    /** Creates the group, or returns the one of that name. */
    async ensure(name: string, customerId: number | null = null): Promise<DeviceGroup> {
      const trimmed = name.trim();
      if (!trimmed) throw new ApiFailure(400, 'invalidRequest', 'A group needs a name.');
      await store.insertGroup(trimmed, customerId, Date.now());
      return toGroup((await store.findGroupByName(trimmed))!);
    },

    /** A new group; 409 groupNameTaken when the name is in use. */
    async create(name: string, customerId: number | null = null): Promise<DeviceGroup> {
      const id = await unlessDuplicate(
        store.createGroup(name.trim(), customerId, Date.now()),
        'groupNameTaken',
      );
      return (await service.get(id))!;
    },

    /** Undefined when there is no such group; 409 groupNameTaken when another group has the name. */
    async rename(id: number, name: string): Promise<DeviceGroup | undefined> {
      const result = await unlessDuplicate(store.renameGroup(id, name.trim()), 'groupNameTaken');
      if (Number(result.numUpdatedRows) === 0) return undefined;
      return service.get(id);
    },

    async get(id: number): Promise<DeviceGroup | undefined> {
      const row = await store.findGroupById(id);
      return row && toGroup(row);
    },

    /** Its devices stay, ungrouped. False when there was no such group. */
    remove: async (id: number): Promise<boolean> => {
      const result = await store.deleteGroup(id);
      registry.forgetGroup(id);
      return Number(result.numDeletedRows) > 0;
    },
  };
  return service;
}

export type GroupService = ReturnType<typeof groupService>;
