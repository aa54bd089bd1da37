/** The Dashboard: the overview (console load + fleet) and each user's widget layout (console settings per user). */
import { DEFAULT_DASHBOARD_LAYOUT, type DashboardLayout, type DashboardOverview } from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { KeyValueStore } from '../db/key-value.ts';
import { fleetOverview } from './overview.ts';
import { systemLoad } from './system-load.ts';

const layoutKey = (userId: number) => `dashboard.layout.${userId}`;

export function dashboardService(deps: {
  devices: DeviceDirectory;
  settings: KeyValueStore;
  dataDir: string;
}) {
  const load = systemLoad(deps.dataDir);
  return {
    async overview(): Promise<DashboardOverview> {
      return { at: Date.now(), system: await load(), ...fleetOverview(deps.devices) };
    },
    layout: async (userId: number): Promise<DashboardLayout> =>
      (await deps.settings.get<DashboardLayout>(layoutKey(userId))) ?? DEFAULT_DASHBOARD_LAYOUT,
    async saveLayout(userId: number, layout: DashboardLayout): Promise<DashboardLayout> {
      await deps.settings.put(layoutKey(userId), layout);
      return layout;
    },
  };
}

export type DashboardService = ReturnType<typeof dashboardService>;
