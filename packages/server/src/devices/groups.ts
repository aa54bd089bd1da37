/** Device groups (SPEC 3 Group: id, name, customerID). */
import { ApiFailure } from '@edge/protocol';
import type { DeviceStore } from './store.ts';
import type { DeviceGroup } from './types.ts';

const toGroup = (row: { id: number; name: string; customer_id: number | null }): DeviceGroup => ({
  id: row.id,
  name: row.name,
  customerID: row.customer_id,
});

export function groupService(store: DeviceStore) {
  const service = {
    list: async (): Promise<DeviceGroup[]> => (await store.listGroups()).map(toGroup),

    /** Creates the group, or returns the one of that name. */
    async ensure(name: string, customerId: number | null = null): Promise<DeviceGroup> {
      const trimmed = name.trim();
      if (!trimmed) throw new ApiFailure(400, 'invalidRequest', 'A group needs a name.');
      await store.insertGroup(trimmed, customerId, Date.now());
      return toGroup((await store.findGroupByName(trimmed))!);
    },

    async get(id: number): Promise<DeviceGroup | undefined> {
      const row = await store.findGroupById(id);
      return row && toGroup(row);
    },

    /** Its devices stay, ungrouped. */
    remove: async (id: number): Promise<void> => {
      await store.deleteGroup(id);
    },
  };
  return service;
}

export type GroupService = ReturnType<typeof groupService>;
