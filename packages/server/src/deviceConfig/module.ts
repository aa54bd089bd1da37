/**
 * Device configuration, desired and reported (index.ts wires it). Its stop comes before the device services'
 * (the engine's device calls must not outlive the RPC service).
 */
import { featureModule } from '../modules/module.ts';
import { startConfigServices } from './index.ts';
import { licenseModule } from '../license/module.ts';

export const deviceConfigModule = featureModule({
  name: 'deviceConfig',
  needs: ['store', 'bus', 'devices', 'rpc', 'log', 'config'],
  uses: { license: licenseModule },
  async start({ store, bus, devices, rpc, log, config }, { license }) {
    const services = await startConfigServices({
      db: store.db,
      bus,
      devices,
      rpc,
      log,
      confirmTimeoutMs: config.configConfirmTimeoutMs,
      admit: license.assertUnlocked,
    });
    return {
      offers: { service: services.service, sectionChanges: services.sectionChanges },
      tasks: services.tasks,
      stop: services.stop,
    };
  },
});
