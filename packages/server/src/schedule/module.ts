/** Schedule (SPEC 2, 3): schedules of device tasks on a calendar, run by the core's scheduler as jobs. */
import { featureModule } from '../modules/module.ts';
import { groupColourStore } from './colours.ts';
import { scheduleRoutes } from './routes.ts';
import { scheduleService } from './service.ts';
import { consoleTimeZone } from '../scheduler/zoned.ts';

export const scheduleModule = featureModule({
  name: 'schedule',
  needs: ['store', 'scheduler', 'jobs', 'devices'],
  start: ({ store, scheduler, jobs, devices }) => ({
    routes: [
      scheduleRoutes(
        scheduleService({
          scheduler,
          jobs,
          devices,
          colours: groupColourStore(store.db),
          timeZone: consoleTimeZone(),
        }),
      ),
    ],
  }),
});
