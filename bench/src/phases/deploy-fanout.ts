/**
 * Application deployed to the whole fleet (issue 20): a template made through the API, then one deploy job
 * over the bench fleet's group (200 at a time), measured as every fleet-wide job is (job-under-load.ts). A
 * group deploy goes to the group's devices with a container engine (about half of a simulated fleet: three of
 * the six models have one); before it did, every device without one failed its step at once.
 */
import type { JobUnderLoadFigure } from '../figures.ts';
import type { RunContext } from '../run-context.ts';
import { benchGroupId, measureJobUnderLoad } from './job-under-load.ts';

const TEMPLATE = {
  appName: 'bench-web',
  imageName: 'library/nginx',
  tag: '1.27',
  resource: 'low',
  env: [{ name: 'MODE', value: 'bench' }],
  ports: [{ hostPort: 8080, containerPort: 80 }],
};

export const measureDeployFanout = (ctx: RunContext): Promise<JobUnderLoadFigure> =>
  measureJobUnderLoad(ctx, {
    label: 'application deploy',
    kind: 'application.deploy',
    async start(operator) {
      const made = await operator.post('/api/v1/container/templates', TEMPLATE);
      if (made.status !== 200) throw new Error(`container/templates: HTTP ${made.status} ${made.body}`);
      const templateId = (JSON.parse(made.body) as { id: number }).id;
      const started = await operator.post('/api/v1/container/deploy', {
        templateId,
        groupId: await benchGroupId(operator),
        concurrency: 200,
      });
      if (started.status !== 200) throw new Error(`container/deploy: HTTP ${started.status} ${started.body}`);
      return (JSON.parse(started.body) as { job: { id: number } }).job.id;
    },
  });
