/**
 * Profile Management (issue 16, Mission): policy profiles, their dry run and their rollout as a job of
 * the rollout kind, each device through the desired-config path of deviceConfig.
 */
import { featureModule } from '../modules/module.ts';
import { deviceConfigModule } from '../deviceConfig/module.ts';
import { authConnectModule } from '../authConnect/module.ts';
import { profileApplyKind } from './kind.ts';
import { profileRoutes } from './routes.ts';
import { profileService } from './service.ts';
import { profileStore } from './store.ts';
import { appliedWaiter } from './waiter.ts';
import { portableProfiles } from './portable.ts';

/** Past the confirm window, the time a loaded device takes to apply and report. */
const SETTLE_MARGIN_MS = 60_000;

export const profilesModule = featureModule({
  name: 'profiles',
  needs: ['store', 'jobs', 'devices', 'config'],
  uses: { deviceConfig: deviceConfigModule, authConnect: authConnectModule },
  start({ store, jobs, devices, config }, { deviceConfig, authConnect }) {
    const profiles = profileStore(store.db);
    const waiter = appliedWaiter(deviceConfig.sectionChanges, deviceConfig.service);
    jobs.kinds.register(
      profileApplyKind({
        devices,
        config: deviceConfig.service,
        store: profiles,
        waiter,
        settleMs: config.configConfirmTimeoutMs + SETTLE_MARGIN_MS,
      }),
    );
    const service = profileService({ store: profiles, devices, config: deviceConfig.service, jobs });
    return {
      offers: service,
      routes: [profileRoutes(service, portableProfiles({ store: profiles, devices }), authConnect)],
      stop: async () => waiter.stop(),
    };
  },
});
