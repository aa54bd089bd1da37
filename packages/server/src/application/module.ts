/**
 * Application (issue 20): container templates and the app store, registries with sealed credentials,
 * deploys as jobs of the application.deploy kind, the installed list, its actions and logs, live app states
 * (live.ts), and the container licence.
 */
import { featureModule } from '../modules/module.ts';
import { licenseModule } from '../license/module.ts';
import { copyService } from './copy.ts';
import { admissionOf, deployKind, deployService } from './deploy.ts';
import { installedService } from './installed.ts';
import { containerChannels, containerReports } from './live.ts';
import { containerLicence } from './licence.ts';
import { registryService } from './registries.ts';
import { applicationRoutes } from './routes.ts';
import { applicationStore } from './store.ts';
import { templateService } from './templates.ts';

export const applicationModule = featureModule({
  name: 'application',
  needs: ['jobs', 'devices', 'rpc', 'store', 'secrets', 'bus', 'log'],
  uses: { license: licenseModule },
  async start({ jobs, devices, rpc, store, secrets, bus, log }, { license }) {
    const db = applicationStore(store.db);
    const registries = registryService(db, secrets);
    const templates = templateService(db);
    // Count from the licences in force (null while none is held: the trial limits no deploy).
    const licence = containerLicence(devices, license.containerCount);
    const admit = admissionOf(license.assertUnlocked);
    jobs.kinds.register(deployKind(registries, admit));
    const deploy = deployService({ jobs, devices, templates, licence, admit });
    const reports = containerReports({ bus, devices, log });
    const stopReports = await reports.open();
    const installed = installedService(devices, rpc, reports);
    const copy = copyService({ devices, rpc, deploy, registries, templates });
    return {
      offers: { templates, registries, deploy, installed, licence, copy },
      routes: [applicationRoutes({ templates, registries, deploy, installed, licence, copy })],
      channels: [(hub) => containerChannels({ hub, devices, installed, reports, log })],
      stop: stopReports,
    };
  },
});
