/**
 * Clients (issue 18): every client every device reports, kept per device and MAC, listed across the fleet
 * (searched, filtered, paged by the server). Block, unblock and unlink are the device's settings calls.
 */
import { featureModule } from '../modules/module.ts';
import { deviceConfigModule } from '../deviceConfig/module.ts';
import { clientTracker } from './tracker.ts';
import { clientsStore } from './store.ts';
import { clientsService } from './service.ts';
import { clientsRoutes } from './routes.ts';

export const clientsModule = featureModule({
  name: 'clients',
  needs: ['devices', 'store', 'log'],
  uses: { deviceConfig: deviceConfigModule },
  start({ devices, store, log }, { deviceConfig }) {
    const tracker = clientTracker({ db: store.db, devices, log });
    const clients = clientsService({ store: clientsStore(store.db), devices, config: deviceConfig.service });
    return {
      offers: { ...clients, flush: tracker.flush },
      routes: [clientsRoutes(clients)],
      stop: tracker.stop,
    };
  },
});
