/** Jump to device (issue 19): signed single-user links to a device's own web interface, each on a host of its own. */
import { featureModule } from '../modules/module.ts';
import { deviceConfigModule } from '../deviceConfig/module.ts';
import { proxyRoutes } from './routes.ts';
import { jumpTokens } from './tokens.ts';

export const proxyModule = featureModule({
  name: 'proxy',
  needs: ['config', 'devices', 'bus', 'rpc', 'secrets'],
  uses: { deviceConfig: deviceConfigModule },
  start({ config, devices, bus, rpc, secrets }, { deviceConfig }) {
    const routes = proxyRoutes({
      tokens: jumpTokens(secrets),
      devices,
      bus,
      rpc,
      config: deviceConfig.service,
      jumpDomain: config.jumpDomain,
    });
    return { routes: [routes] };
  },
});
