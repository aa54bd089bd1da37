/**
 * What the inventory keeps of its own: each user's map configuration (SPEC 3 Dashboard config) and the
 * secure mode the operator asked of each device. Both are small JSON documents in the console settings.
 * Devices, groups and telemetry belong to the devices feature and are reached through its services.
 */
import type { DashboardConfig, SecureMode } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { keyValueStore } from '../db/key-value.ts';

const dashboardConfigKey = (userId: number) => `inventory.dashboardConfig.${userId}`;
const SECURE_MODES_KEY = 'inventory.secureModes';

export function inventoryStore(db: Db) {
  const kv = keyValueStore(db);
  return {
    dashboardConfig: (userId: number) => kv.get<Partial<DashboardConfig>>(dashboardConfigKey(userId)),
    saveDashboardConfig: (userId: number, config: DashboardConfig) =>
      kv.put(dashboardConfigKey(userId), config),
    /** Device id -> the secure mode the operator chose. */
    desiredSecureModes: async () => (await kv.get<Record<string, SecureMode>>(SECURE_MODES_KEY)) ?? {},
    saveDesiredSecureModes: (modes: Record<string, SecureMode>) => kv.put(SECURE_MODES_KEY, modes),
  };
}

export type InventoryStore = ReturnType<typeof inventoryStore>;
