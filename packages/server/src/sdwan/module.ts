/** Secure SD-WAN / OrpheLink (SPEC 2, 3): the control plane of a WireGuard overlay between sites. */
import path from 'node:path';
import { SDWAN_DEFAULT_PORT, endpointRule } from '@edge/protocol';
import { featureModule } from '../modules/module.ts';
import { consoleRelay } from './console-relay.ts';
import { sdwanChannel } from './live.ts';
import { nodeCalls } from './node-calls.ts';
import { sdwanRoutes } from './routes.ts';
import { sdwanService } from './service.ts';
import { sdwanStore } from './store.ts';
import { sdwanSync } from './sync.ts';

/** SDWAN_RELAY_ENDPOINT as the relay row keeps it: the address, and the port (51820 unless named). */
function relaySetting(endpoint: string | undefined): { endpoint: string; listenPort: number } | undefined {
  if (!endpoint) return undefined;
  if (endpointRule(endpoint)) throw new Error(`SDWAN_RELAY_ENDPOINT must be ip or ip:port (got ${endpoint})`);
  const [host, port] = endpoint.split(':');
  return { endpoint: host!, listenPort: port ? Number(port) : SDWAN_DEFAULT_PORT };
}

export const sdwanModule = featureModule({
  name: 'sdwan',
  needs: ['store', 'devices', 'rpc', 'log', 'config'],
  start: async ({ store, devices, rpc, log, config }) => {
    const setting = relaySetting(config.sdwanRelay.endpoint);
    const rows = sdwanStore(store.db);
    const relay = setting
      ? consoleRelay({
          stateDir: path.join(config.dataDir, 'overlay-relay'),
          namespace: config.sdwanRelay.namespace,
          log,
        })
      : undefined;
    const nodes = nodeCalls({ devices, rpc, relay });
    let channel: ReturnType<typeof sdwanChannel> | undefined;
    const changed = () => channel?.changed();
    const service = sdwanService({ store: rows, devices, nodes, log, changed });
    const sync = sdwanSync({ store: rows, service, devices, nodes, changed, consoleRelay: setting });
    if (setting) await service.ensureConsoleRelay(setting.endpoint, setting.listenPort);
    const unwatch = sync.watch();
    return {
      stop: async () => {
        unwatch();
        await relay?.stop();
      },
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
