/** Provisioning and Discovery: devices expected, devices asking to join, adoption; the discovery channel. */
import { featureModule } from '../modules/module.ts';
import { inventoryModule } from '../inventory/module.ts';
import { profilesModule } from '../profiles/module.ts';
import { provisionService } from './service.ts';
import { provisionRoutes } from './routes.ts';
import { discoveryChannel } from './live.ts';

export const provisionModule = featureModule({
  name: 'provision',
  needs: ['devices', 'enrolment', 'log'],
  uses: { inventory: inventoryModule, profiles: profilesModule },
  start: ({ devices, enrolment, log }, { inventory, profiles }) => ({
    routes: [
      provisionRoutes(provisionService({ devices, enrolment, inventory, templates: profiles.templates })),
    ],
    channels: [(hub) => discoveryChannel({ hub, devices, enrolment, log })],
  }),
});
