/**
 * Software upgrade (issue 22): Settings > Upgrade for the console's own releases (auto-check and auto-stage
 * as a claimed scheduler task), device images with their staged rollout (job kind upgrade.device), the
 * version report, the device download and the device logo routes.
 */
import { featureModule } from '../modules/module.ts';
import { consoleRelease } from './console-release.ts';
import { deviceImages } from './device-images.ts';
import { imageFiles } from './image-files.ts';
import { upgradeDeviceKind } from './rollout-kind.ts';
import { upgradeRoutes } from './routes.ts';
import { upgradeStore } from './store.ts';

export const upgradeModule = featureModule({
  name: 'upgrade',
  needs: ['store', 'jobs', 'devices', 'rpc', 'config'],
  async start({ store, jobs, devices, rpc, config }) {
    const upgrades = upgradeStore(store.db);
    const release = consoleRelease({ store: upgrades, dataDir: config.dataDir });
    const files = imageFiles(config.dataDir);
    await files.moveOutOf(upgrades);
    const images = deviceImages({ store: upgrades, release, devices, jobs, files });
    jobs.kinds.register(upgradeDeviceKind({ images, devices }));
    return {
      routes: [upgradeRoutes(release, images, rpc)],
      // Every minute, one replica looks whether the settings' time has come (auto-check, auto-upgrade).
      tasks: [
        { name: 'upgrade.autoCheck', pattern: '0 * * * * *', run: (at) => release.tick(at), catchUp: false },
      ],
    };
  },
});
