/**
 * Licences (issue 23): it comes before deviceConfig, whose write path refuses License Lock devices
 * through the `assertUnlocked` offered here (terminal and deploys use the same check).
 */
import { featureModule } from '../modules/module.ts';
import { smtpModule } from '../smtp/module.ts';
import { licenseRoutes } from './routes.ts';
import { licenseService } from './service.ts';
import { licenseStore } from './store.ts';
import { VENDOR_LICENSE_PUBLIC_KEY } from './vendor-key.ts';

export const licenseModule = featureModule({
  name: 'license',
  needs: ['store', 'devices', 'config', 'log'],
  uses: { smtp: smtpModule },
  async start({ store, devices, config, log }, { smtp }) {
    const licenses = licenseService({
      store: licenseStore(store.db),
      devices,
      smtp,
      log,
      publicKeyPem: config.licensePublicKey ?? VENDOR_LICENSE_PUBLIC_KEY,
      trialDays: config.licenseTrialDays,
    });
    await licenses.start();
    return {
      offers: {
        assertUnlocked: licenses.assertUnlocked,
        isLocked: licenses.isLocked,
        claimContainerSeat: licenses.claimContainerSeat,
        releaseContainerSeat: licenses.releaseContainerSeat,
        containers: licenses.containers,
        containerCount: licenses.containerCount,
        /** Licences and the trial as listed (Messages' licenceExpiring event reads their end dates). */
        list: () => licenses.list(),
      },
      routes: [licenseRoutes(licenses)],
      stop: async () => licenses.stop(),
    };
  },
});
