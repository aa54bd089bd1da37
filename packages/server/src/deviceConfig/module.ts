/**
 * Device configuration, desired and reported (index.ts wires it). Its stop comes before the device services'
 * (the engine's device calls must not outlive the RPC service).
 */
import { featureModule } from '../modules/module.ts';
import { startConfigServices } from './index.ts';

export const deviceConfigModule = featureModule({
  name: 'deviceConfig',
  needs: ['store', 'bus', 'devices', 'rpc', 'log', 'config'],
  async start({ store, bus, devices, rpc, log, config }) {
    const services = await startConfigServices({
      db: store.db,
      bus,
      devices,
      rpc,
      log,
      confirmTimeoutMs: config.configConfirmTimeoutMs,
    });
    return {
      offers: { service: services.service, sectionChanges: services.sectionChanges },
      tasks: services.tasks,
      stop: services.stop,
    };
  },
});
