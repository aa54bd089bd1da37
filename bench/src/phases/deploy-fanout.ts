/**
 * Application deployed to the whole fleet (issue 20): a template made through the API, then one deploy job
 * over every device of the bench fleet's group (200 at a time), measured as every fan-out is
 * (job-fanout.ts). Devices whose model has no container engine fail their step ('This device has no
 * container engine.'): the figure says how many succeeded.
 */
import type { JobFanoutFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { measureJobFanout } from './job-fanout.ts';

const TEMPLATE = {
  appName: 'bench-web',
  imageName: 'library/nginx',
  tag: '1.27',
  resource: 'low',
  env: [{ name: 'MODE', value: 'bench' }],
  ports: [{ hostPort: 8080, containerPort: 80 }],
};

export const measureDeployFanout = (ctx: RunContext): Promise<JobFanoutFigure> =>
  measureJobFanout(ctx, {
    label: 'application deploy',
    kind: 'application.deploy',
    async start(api, groupId) {
      const made = await api.post('/api/v1/container/templates', TEMPLATE);
      if (made.status !== 200) return made;
      const templateId = (JSON.parse(made.body) as { id: number }).id;
      return api.post('/api/v1/container/deploy', { templateId, groupId, concurrency: 200 });
    },
  });
