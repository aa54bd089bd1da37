/**
 * Terminal and remote access (issue 19): a shell on a device in the browser, through the device tunnel
 * (protocol tunnel.ts) on the device's own MQTT connection; sessions in the activity log and recorded. The
 * remote desktop (desktop.ts) rides the same tunnel to the device's VNC server.
 */
import { featureModule } from '../modules/module.ts';
import { licenseModule } from '../license/module.ts';
import { reidentifier } from '../auth/reidentify.ts';
import { terminalRelay } from './relay.ts';
import { desktopBridge } from './desktop.ts';
import { terminalRoutes } from './routes.ts';
import { terminalStore } from './store.ts';

export const terminalModule = featureModule({
  name: 'terminal',
  needs: ['bus', 'rpc', 'devices', 'store', 'config', 'log', 'sessions', 'tokens'],
  uses: { license: licenseModule },
  start({ bus, rpc, devices, store, config, log, sessions, tokens }, { license }) {
    const sessionsStore = terminalStore(store.db);
    const relay = terminalRelay({
      bus,
      rpc,
      devices,
      store: sessionsStore,
      db: store.db,
      log,
      idleMs: config.terminalIdleMinutes * 60_000,
    });
    const desktop = desktopBridge({
      bus,
      rpc,
      devices,
      db: store.db,
      log,
      idleMs: config.terminalIdleMinutes * 60_000,
    });
    return {
      offers: relay,
      routes: [
        terminalRoutes({
          relay,
          desktop,
          devices,
          store: sessionsStore,
          reidentify: reidentifier(sessions, tokens),
          admit: license.assertUnlocked,
        }),
      ],
      stop: async () => {
        relay.stop();
        desktop.stop();
      },
    };
  },
});
