/** Secure SD-WAN / OrpheLink (SPEC 2, 3): the control plane of a WireGuard overlay between sites. */
import { featureModule } from '../modules/module.ts';
import { sdwanChannel } from './live.ts';
import { sdwanRoutes } from './routes.ts';
import { sdwanService } from './service.ts';
import { sdwanStore } from './store.ts';
import { sdwanSync } from './sync.ts';

export const sdwanModule = featureModule({
  name: 'sdwan',
  needs: ['store', 'devices', 'rpc', 'log'],
  start: ({ store, devices, rpc, log }) => {
    const rows = sdwanStore(store.db);
    let channel: ReturnType<typeof sdwanChannel> | undefined;
    const changed = () => channel?.changed();
    const service = sdwanService({ store: rows, devices, rpc, log, changed });
    const sync = sdwanSync({ store: rows, service, devices, rpc, changed });
    const unwatch = sync.watch();
    return {
      stop: async () => unwatch(),
      offers: service,
      routes: [sdwanRoutes(service)],
      channels: [
        (hub) => {
          channel = sdwanChannel({ hub, service });
          return () => channel?.close();
        },
      ],
      // Every 2 s: link states follow within seconds, new nodes get their configuration soon after they come online.
      tasks: [{ name: 'sdwan.sync', pattern: '*/2 * * * * *', catchUp: false, run: () => sync.run() }],
    };
  },
});
