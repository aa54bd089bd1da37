/**
 * Dashboard (issue 18): the console's own load and the fleet at a glance, pushed live, and each user's
 * widget layout. Its widget of chosen devices is Inventory's map under the user's Dashboard config.
 */
import { keyValueStore } from '../db/key-value.ts';
import { featureModule } from '../modules/module.ts';
import { dashboardRoutes } from './routes.ts';
import { dashboardService } from './service.ts';
import { overviewChannel } from './live.ts';

export const dashboardModule = featureModule({
  name: 'dashboard',
  needs: ['devices', 'store', 'config', 'log'],
  start({ devices, store, config, log }) {
    const dashboard = dashboardService({
      devices,
      settings: keyValueStore(store.db),
      dataDir: config.dataDir,
    });
    return {
      offers: dashboard,
      routes: [dashboardRoutes(dashboard)],
      channels: [(hub) => overviewChannel({ hub, dashboard, log })],
    };
  },
});
