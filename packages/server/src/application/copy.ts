/**
 * SPEC 4 deploy sources besides a template: device to device (a running app's definition, read back from
 * its engine, deployed to other devices as a job) and adopting an orphan (a container started outside the
 * console becomes a template and is deployed again from it on its device, now under the console's
 * management). The image's registry is the console's registry of that address, whose credentials the
 * steps open.
 */
import type { z } from 'zod';
import {
  splitImageReference,
  templateInput,
  type ContainerDefinition,
  type JobDetail,
  type TemplateView,
  type adoptOrphanRequest,
  type copyRequest,
} from '@edge/protocol';
import type { DeviceDirectory } from '../devices/index.ts';
import type { RpcService } from '../devices/rpc.ts';
import type { Identity } from '../http/types.ts';
import { fail, failureOf } from '../http/errors.ts';
import type { DeployService } from './deploy.ts';
import { containerFailure } from './reasons.ts';
import type { RegistryService } from './registries.ts';
import type { TemplateService } from './templates.ts';

export function copyService(deps: {
  devices: DeviceDirectory;
  rpc: RpcService;
  deploy: DeployService;
  registries: RegistryService;
  templates: TemplateService;
}) {
  async function definitionOf(deviceId: string, name: string): Promise<ContainerDefinition> {
    if (!deps.devices.get(deviceId)) throw fail(404, 'notFound');
    try {
      return (await deps.rpc.call(deviceId, 'containers.inspect', { name }, { deadlineMs: 20_000 }))
        .definition;
    } catch (err) {
      throw containerFailure(err);
    }
  }

  /** The console's registry the image is pulled from, if it knows one at that address. */
  async function registryOf(image: string) {
    const address = splitImageReference(image).registry;
    return address ? (await deps.registries.list()).find((r) => r.serverAddress === address) : undefined;
  }

  return {
    async copy(request: z.output<typeof copyRequest>, identity: Identity): Promise<JobDetail> {
      const deviceIds = await deps.deploy.devicesOf(request);
      const definition = await definitionOf(request.fromDeviceId, request.name);
      const registry = await registryOf(definition.image);
      return deps.deploy.start(
        { ...definition, installAnyway: request.installAnyway },
        { registryId: registry?.id ?? null, templateId: null, image: definition.image },
        deviceIds,
        request,
        identity,
      );
    },

    async adopt(
      request: z.output<typeof adoptOrphanRequest>,
      identity: Identity,
    ): Promise<{ template: TemplateView; job: JobDetail }> {
      const definition = await definitionOf(request.deviceId, request.name);
      const registry = await registryOf(definition.image);
      const image = splitImageReference(definition.image);
      const candidate = templateInput.safeParse({
        appName: definition.name,
        registryId: registry?.id ?? null,
        // A registry the console does not know stays in the image's name, where the engine finds it.
        imageName: image.registry && !registry ? `${image.registry}/${image.name}` : image.name,
        tag: image.tag,
        network: definition.network ?? null,
        resource: definition.resource,
        env: definition.env,
        ports: definition.ports,
        volumes: definition.volumes,
      });
      if (!candidate.success) throw failureOf(candidate.error.issues[0]);
      const template = await deps.templates.create(candidate.data);
      // Its definition again, now with the console's label and limits: it replaces the orphan by name.
      const job = await deps.deploy.deploy(
        {
          templateId: template.id,
          deviceIds: [request.deviceId],
          installAnyway: true,
          maxFailedShare: 1,
          concurrency: 1,
        },
        identity,
      );
      return { template, job };
    },
  };
}
export type CopyService = ReturnType<typeof copyService>;
