/**
 * Statistics (issue 18): overview and comparison of telemetry indicators over the history devices/
 * keeps (raw, 5-minute, hourly), and each user's saved views.
 */
import { featureModule } from '../modules/module.ts';
import { statisticsService } from './service.ts';
import { statisticsStore } from './store.ts';
import { statisticsRoutes } from './routes.ts';

export const statisticsModule = featureModule({
  name: 'statistics',
  needs: ['telemetry', 'devices', 'store'],
  start({ telemetry, devices, store }) {
    const statistics = statisticsService({ telemetry, devices, store: statisticsStore(store.db) });
    return { offers: statistics, routes: [statisticsRoutes(statistics)] };
  },
});
