/** The jobs API and live channel. The runner itself is the core's (app.ts): modules register their kinds on `jobs.kinds`. */
import { featureModule } from '../modules/module.ts';
import { jobRoutes } from './routes.ts';
import { jobsChannel } from './live.ts';

export const jobsModule = featureModule({
  name: 'jobs',
  needs: ['jobs'],
  start: ({ jobs }) => ({
    routes: [jobRoutes(jobs)],
    channels: [(hub) => jobsChannel({ hub, jobs })],
  }),
});
