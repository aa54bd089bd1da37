/**
 * Deploying a template to devices: one job of APPLICATION_DEPLOY_KIND, a step per device calling its
 * containers.deploy (jobs/: progress, stop rule, re-run of the failed). Registry credentials are not in
 * the job's parameters: each step opens them when it runs, so the jobs table never holds them.
 */
import { z } from 'zod';
import {
  APPLICATION_DEPLOY_KIND,
  canView,
  containerSpec,
  deployRequest,
  type JobDetail,
} from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { JobKind, JobService } from '../jobs/index.ts';
import type { Identity } from '../http/types.ts';
import { fail } from '../http/errors.ts';
import { containerFailureCode } from './reasons.ts';
import type { RegistryService } from './registries.ts';
import type { TemplateService } from './templates.ts';
import type { ContainerLicence } from './licence.ts';

export const deployParams = z.object({
  spec: containerSpec.omit({ auth: true }),
  registryId: z.number().int().nullable(),
  /** The template deployed; null for a copy from another device. */
  templateId: z.number().int().nullable(),
});
type DeployParams = z.output<typeof deployParams>;

/** A pull over a slow cellular link may take minutes. */
const STEP_DEADLINE_MS = 15 * 60_000;
const DEPLOY_DEADLINE_MS = 24 * 3600_000;

export function deployKind(registries: RegistryService): JobKind<DeployParams> {
  return {
    name: APPLICATION_DEPLOY_KIND,
    params: deployParams,
    // Deploying again replaces the app of the same name: safe to repeat.
    idempotent: true,
    view: canView('Application'),
    async run({ call, params }) {
      const auth = params.registryId === null ? undefined : await registries.credentials(params.registryId);
      try {
        const { container } = await call(
          'containers.deploy',
          { ...params.spec, auth },
          { deadlineMs: STEP_DEADLINE_MS },
        );
        return { ok: true, result: { container } };
      } catch (err) {
        return { ok: false, reason: containerFailureCode(err), result: { detail: (err as Error).message } };
      }
    },
  };
}

export function deployService(deps: {
  jobs: JobService;
  devices: DeviceDirectory;
  templates: TemplateService;
  licence: ContainerLicence;
}) {
  async function devicesOf(request: { deviceIds?: string[]; groupId?: number }): Promise<string[]> {
    if (request.deviceIds?.length) return request.deviceIds;
    const groupId = request.groupId!;
    if (!(await deps.devices.groups.get(groupId))) throw fail(404, 'notFound');
    const ids: string[] = [];
    for (const device of deps.devices.scan())
      if (device.record.groupId === groupId) ids.push(device.record.id);
    if (!ids.length) throw fail(400, 'deployGroupEmpty');
    return ids;
  }

  /** One deploy job of `spec` over the devices. */
  async function start(
    spec: DeployParams['spec'],
    from: { registryId: number | null; templateId: number | null; image: string },
    deviceIds: string[],
    request: { maxFailedShare: number; concurrency: number },
    identity: Identity,
  ): Promise<JobDetail> {
    deps.licence.check(deviceIds.length);
    const id = await deps.jobs.create({
      kind: APPLICATION_DEPLOY_KIND,
      title: `${spec.name} (${from.image})`,
      params: { spec, registryId: from.registryId, templateId: from.templateId } satisfies DeployParams,
      deviceIds,
      options: {
        concurrency: Math.min(request.concurrency, deviceIds.length),
        maxFailedShare: request.maxFailedShare,
        deadlineMs: DEPLOY_DEADLINE_MS,
      },
      createdBy: 'operator',
      createdByName: identity.userName,
    });
    return deps.jobs.get(id);
  }

  return {
    start,
    devicesOf,
    async deploy(request: z.output<typeof deployRequest>, identity: Identity): Promise<JobDetail> {
      const template = await deps.templates.get(request.templateId);
      const deviceIds = await devicesOf(request);
      const spec = containerSpec.omit({ auth: true }).parse({
        name: request.name ?? template.appName,
        image: template.image,
        env: request.env ?? template.env,
        ports: request.ports ?? template.ports,
        volumes: template.volumes,
        ...(template.network && { network: template.network }),
        resource: template.resource,
        installAnyway: request.installAnyway,
      });
      return start(spec, { ...template, templateId: template.id }, deviceIds, request, identity);
    },
  };
}
export type DeployService = ReturnType<typeof deployService>;
