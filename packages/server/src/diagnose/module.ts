/**
 * Diagnose (issue 15): the five tests as job kinds on jobs/, its run and history API, and the console's
 * own speedtest endpoint for devices.
 */
import { featureModule } from '../modules/module.ts';
import { diagnoseKinds } from './kinds.ts';
import { diagnoseService } from './service.ts';
import { diagnoseStore } from './store.ts';
import { diagnoseRoutes } from './routes.ts';
import { speedtestRoutes } from './speedtest-routes.ts';
import { speedtestTokens } from './speedtest-token.ts';

export const diagnoseModule = featureModule({
  name: 'diagnose',
  needs: ['jobs', 'devices', 'store', 'secrets', 'config'],
  start({ jobs, devices, store, secrets, config }) {
    const tokens = speedtestTokens(secrets);
    for (const kind of diagnoseKinds({ tokens, publicUrl: config.publicUrl })) jobs.kinds.register(kind);
    const diagnose = diagnoseService({ jobs, devices, store: diagnoseStore(store.db) });
    return { offers: diagnose, routes: [diagnoseRoutes(diagnose), speedtestRoutes(tokens)] };
  },
});
