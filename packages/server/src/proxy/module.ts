/** Jump to device (issue 19): signed single-user links reverse-proxying a device's own web interface. */
import { featureModule } from '../modules/module.ts';
import { deviceConfigModule } from '../deviceConfig/module.ts';
import { proxyRoutes } from './routes.ts';
import { jumpTokens } from './tokens.ts';

export const proxyModule = featureModule({
  name: 'proxy',
  needs: ['devices', 'bus', 'rpc', 'secrets'],
  uses: { deviceConfig: deviceConfigModule },
  start({ devices, bus, rpc, secrets }, { deviceConfig }) {
    const config = deviceConfig.service;
    return { routes: [proxyRoutes({ tokens: jumpTokens(secrets), devices, bus, rpc, config })] };
  },
});
