/**
 * Auth Connect (issue 23): accounts devices use for Wi-Fi hotspot and 802.1X users, pushed through the
 * device configuration path (deviceConfig, whose write path refuses License Lock devices).
 */
import { featureModule } from '../modules/module.ts';
import { deviceConfigModule } from '../deviceConfig/module.ts';
import { authConnectRoutes } from './routes.ts';
import { authConnectService } from './service.ts';
import { authConnectStore } from './store.ts';

export const authConnectModule = featureModule({
  name: 'authConnect',
  needs: ['store', 'secrets', 'devices', 'log'],
  uses: { deviceConfig: deviceConfigModule },
  start({ store, secrets, devices, log }, { deviceConfig }) {
    const service = authConnectService({
      store: authConnectStore(store.db),
      secrets,
      devices,
      config: deviceConfig.service,
      log,
    });
    return {
      offers: service,
      routes: [authConnectRoutes(service)],
      stop: async () => service.stop(),
    };
  },
});
