/** Settings > Network: the console host's interfaces and the ports and certificate it is served with. */
import type { FastifyInstance } from 'fastify';
import { featureModule } from '../modules/module.ts';
import { keyValueStore } from '../db/key-value.ts';
import { hostCommands } from './host.ts';
import { detectBackend } from './backend.ts';
import { ifupdownBackend } from './ifupdown.ts';
import { networkdBackend } from './networkd.ts';
import { interfacesService } from './interfaces.ts';
import { consoleListeners, type ConsoleListeners } from './listeners.ts';
import { networkService } from './service.ts';
import { networkRoutes } from './routes.ts';
import { tlsStore } from './tls.ts';

export const networkModule = featureModule({
  name: 'network',
  needs: ['config', 'store', 'secrets', 'log'],
  start: async ({ config, store, secrets, log }) => {
    const settings = keyValueStore(store.db);
    const host = hostCommands(config.network.namespace);
    const kind = config.network.backend === 'auto' ? detectBackend() : config.network.backend;
    const backend =
      kind === 'networkd'
        ? networkdBackend({ host, dir: config.network.networkdDir })
        : ifupdownBackend({
            host,
            interfacesFile: config.network.interfacesFile,
            stateDir: config.network.stateDir,
          });
    const interfaces = interfacesService({
      host,
      backend,
      settings,
      log,
      resolvConf: config.network.resolvConf,
    });
    await interfaces.resume();
    let listeners: ConsoleListeners | undefined;
    const listening = async (app: FastifyInstance) => {
      listeners = consoleListeners(app, config.host);
      const network = networkService({
        host,
        interfaces,
        settings,
        tls: tlsStore(settings, secrets),
        listeners,
        resolvConf: config.network.resolvConf,
      });
      // The ports saved from Settings > Network outlast a restart (PORT is where the console first listens).
      app.addHook('onListen', async () => {
        await network.resume().catch((err: unknown) => log.error({ err }, 'saved ports not served'));
      });
      await networkRoutes(network, interfaces)(app);
    };
    // Not encapsulated (what fastify-plugin does): the HTTPS redirect hook must see every route's requests.
    Object.assign(listening, { [Symbol.for('skip-override')]: true });
    return {
      routes: [listening],
      async stop() {
        interfaces.stop();
        await listeners?.close();
      },
    };
  },
});
