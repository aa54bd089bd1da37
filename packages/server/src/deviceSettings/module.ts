/** The device settings pages (/api/v1/inventory/settings) over the configuration engine, and their live state. */
import { featureModule } from '../modules/module.ts';
import { deviceConfigModule } from '../deviceConfig/module.ts';
import { deviceSettingsService } from './service.ts';
import { deviceSettingsRoutes } from './routes.ts';
import { settingsStateChannel } from './live.ts';

export const deviceSettingsModule = featureModule({
  name: 'deviceSettings',
  needs: ['rpc', 'devices'],
  uses: { deviceConfig: deviceConfigModule },
  start: ({ rpc, devices }, { deviceConfig }) => ({
    routes: [deviceSettingsRoutes(deviceSettingsService({ config: deviceConfig.service, rpc }))],
    channels: [(hub) => settingsStateChannel({ hub, devices, sectionChanges: deviceConfig.sectionChanges })],
  }),
});
