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
import { fleetChoices } from './fleet.ts';
import { templateApplyKind, templateService, templateStore } from './templates.ts';

/** Past the confirm window, the time a loaded device takes to apply and report. */
const SETTLE_MARGIN_MS = 60_000;

export const profilesModule = featureModule({
  name: 'profiles',
  needs: ['store', 'jobs', 'devices', 'config', 'log'],
  uses: { deviceConfig: deviceConfigModule, authConnect: authConnectModule },
  start({ store, jobs, devices, config, log }, { deviceConfig, authConnect }) {
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
    const templateRows = templateStore(store.db);
    jobs.kinds.register(
      templateApplyKind({
        config: deviceConfig.service,
        store: templateRows,
        waiter,
        settleMs: config.configConfirmTimeoutMs + SETTLE_MARGIN_MS,
      }),
    );
    const templates = templateService({ store: templateRows, devices, jobs, log });
    return {
      offers: { ...service, templates },
      routes: [
        profileRoutes(
          service,
          portableProfiles({ store: profiles, devices }),
          authConnect,
          templates,
          fleetChoices(store.db, profiles),
        ),
      ],
      stop: async () => {
        templates.stop();
        waiter.stop();
      },
    };
  },
});
