/** The inventory: device list, groups, dashboard, actions, map; its list and device channels. */
import { featureModule } from '../modules/module.ts';
import { inventoryService } from './service.ts';
import { inventoryRoutes } from './routes.ts';
import { inventoryChannels } from './live.ts';

export const inventoryModule = featureModule({
  name: 'inventory',
  needs: ['store', 'devices', 'enrolment', 'telemetry', 'rpc', 'log'],
  start({ store, devices, enrolment, telemetry, rpc, log }) {
    const inventory = inventoryService({ db: store.db, devices, enrolment, telemetry, rpc });
    return {
      offers: inventory,
      routes: [inventoryRoutes(inventory)],
      channels: [(hub) => inventoryChannels({ hub, devices, inventory, log })],
    };
  },
});
