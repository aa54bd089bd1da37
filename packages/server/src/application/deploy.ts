/**
 * Deploying a template to devices: one job of APPLICATION_DEPLOY_KIND, a step per device calling its
 * containers.deploy (jobs/: progress, stop rule, re-run of the failed). Registry credentials are not in
 * the job's parameters: each step opens them when it runs, so the jobs table never holds them.
 */
import { z } from 'zod';
import {
  ApiFailure,
  APPLICATION_DEPLOY_KIND,
  canView,
  containerSpec,
  deployRequest,
  deviceCapabilities,
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

/** The licence's word on a device: the failure it is refused with (License Lock, the trial), or null. */
export type DeployAdmission = (deviceId: string) => ApiFailure | null;

/** Wraps a thrower like the licence's `assertUnlocked` into an admission. */
export function admissionOf(assertUnlocked: (deviceId: string) => void): DeployAdmission {
  return (deviceId) => {
    try {
      assertUnlocked(deviceId);
      return null;
    } catch (err) {
      if (err instanceof ApiFailure) return err;
      throw err;
    }
  };
}

export function deployKind(registries: RegistryService, admit: DeployAdmission): JobKind<DeployParams> {
  return {
    name: APPLICATION_DEPLOY_KIND,
    params: deployParams,
    // Deploying again replaces the app of the same name: safe to repeat.
    idempotent: true,
    view: canView('Application'),
    async run({ call, params, deviceId }) {
      // Checked per device when its step runs, not only when the job was made: a licence may have
      // changed in between (a re-run of the failed steps a day later).
      const refused = admit(deviceId);
      if (refused) return { ok: false, reason: refused.code, result: { detail: refused.message } };
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
  admit: DeployAdmission;
}) {
  async function devicesOf(request: { deviceIds?: string[]; groupId?: number }): Promise<string[]> {
    if (request.deviceIds?.length) return request.deviceIds;
    const groupId = request.groupId!;
    if (!(await deps.devices.groups.get(groupId))) throw fail(404, 'notFound');
    const ids: string[] = [];
    let members = 0;
    for (const device of deps.devices.scan()) {
      if (device.record.groupId !== groupId) continue;
      members += 1;
      // A group mixes models; only those with a container engine get the app, as the device choice offers
      // only them. A device's capabilities are known once it said hello (never empty then): one not heard
      // from since the console started keeps its step, which waits for it.
      const known = device.capabilities.length > 0;
      if (known && !device.capabilities.includes(deviceCapabilities.containers)) continue;
      ids.push(device.record.id);
    }
    if (!members) throw fail(400, 'deployGroupEmpty');
    if (!ids.length) throw fail(400, 'deployGroupNoEngine');
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
    // Every device refused by the licence: no job at all, the licence's message at once. With some
    // licensed, the job goes ahead and each locked device's step fails with that message.
    const refusals = deviceIds.map(deps.admit);
    const first = refusals[0];
    if (first && refusals.every((r) => r !== null)) throw first;
    deps.licence.check(refusals.filter((r) => r === null).length);
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
