/**
 * Container apps on a device (SPEC 3 Container template, SPEC 4 states and actions, SPEC 5 reservations):
 * the field rules written once (the API, the web's forms and the agent all check with them), what the
 * console sends a device to deploy an app, and what the device reports of its containers.
 */
import { z } from 'zod';
import { containerStates } from './device-messages.ts';
import { messages } from './messages.ts';
import { portRule, ruled, ruledNumber, type Rule } from './validation.ts';

const IMAGE_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^[\w][\w.-]{0,127}$/;
const APP_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const OBJECT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,63}$/;
const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

export const appNameRule: Rule = (v) => {
  if (!v.trim()) return 'appNameEmpty';
  return APP_NAME.test(v) ? null : 'appNameFormat';
};
/** An image's repository path without its registry: lowercase components separated by '/'. */
export const imageNameRule: Rule = (v) => {
  if (!v.trim()) return 'imageNameEmpty';
  return v.length <= 255 && v.split('/').every((c) => IMAGE_COMPONENT.test(c)) ? null : 'imageNameFormat';
};
export const imageTagRule: Rule = (v) => (TAG.test(v) ? null : 'imageTagFormat');
export const envNameRule: Rule = (v) => (ENV_NAME.test(v) && v.length <= 128 ? null : 'envNameFormat');
export const volumeNameRule: Rule = (v) => (OBJECT_NAME.test(v) ? null : 'volumeNameFormat');
export const networkNameRule: Rule = (v) => (OBJECT_NAME.test(v) ? null : 'networkNameFormat');
export const containerPathRule: Rule = (v) =>
  v.startsWith('/') && v.length <= 255 && !v.includes('..') && !/[\s:]/.test(v)
    ? null
    : 'containerPathFormat';

/** A registry's server address: host name or IPv4 address, an optional :port, nothing else (no scheme). */
export const registryAddressRule: Rule = (v) => {
  const match = /^([^:/\s]+)(?::(\d{1,5}))?$/.exec(v);
  if (!match || v.length > 253) return 'registryAddressFormat';
  const port = match[2] ? Number(match[2]) : 1;
  if (port < 1 || port > 65535) return 'registryAddressFormat';
  return match[1]!.split('.').every((l) => HOST_LABEL.test(l)) ? null : 'registryAddressFormat';
};

/** The image a device pulls: `registry/name:tag`, or `name:tag` from the engine's default registry. */
export const imageReference = (registry: string | null | undefined, name: string, tag: string): string =>
  `${registry ? `${registry}/` : ''}${name}:${tag}`;

/**
 * "registry.example.com:5000/team/app:1.2" -> registry, name, tag. A first part with a dot or a port, or
 * localhost, is a registry; Docker Hub names have none.
 */
export function splitImageReference(image: string): { registry?: string; name: string; tag: string } {
  let rest = image.split('@')[0]!;
  let registry: string | undefined;
  const first = rest.split('/')[0]!;
  if (rest.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost')) {
    registry = first;
    rest = rest.slice(first.length + 1);
  }
  const colon = rest.lastIndexOf(':');
  return colon > 0
    ? { registry, name: rest.slice(0, colon), tag: rest.slice(colon + 1) }
    : { registry, name: rest, tag: 'latest' };
}

/** SPEC 3 resource limitation, as the limits the engine enforces and the device reserves. */
export const resourceLevels = ['low', 'medium', 'high'] as const;
export type ResourceLevel = (typeof resourceLevels)[number];
export const RESOURCE_LIMITS: Record<ResourceLevel, { cpus: number; memoryMb: number }> = {
  low: { cpus: 0.25, memoryMb: 64 },
  medium: { cpus: 0.5, memoryMb: 256 },
  high: { cpus: 1, memoryMb: 512 },
};

export const portProtocols = ['tcp', 'udp'] as const;
export const portBinding = z.object({
  hostPort: ruledNumber(portRule),
  containerPort: ruledNumber(portRule),
  protocol: z.enum(portProtocols).default('tcp'),
});
export type PortBinding = z.infer<typeof portBinding>;

export const envVariable = z.object({ name: ruled(envNameRule), value: z.string().max(4096) });
export const volumeMount = z.object({ name: ruled(volumeNameRule), containerPath: ruled(containerPathRule) });

/** Names once each, host ports once each: the same checks for the API and the device. */
function unique<T>(key: (item: T) => string, code: 'envNameDuplicate' | 'hostPortDuplicate') {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    for (const item of items) {
      const k = key(item);
      if (seen.has(k)) {
        ctx.addIssue({ code: 'custom', message: messages[code], params: { code } });
        return;
      }
      seen.add(k);
    }
  };
}

export const envList = z
  .array(envVariable)
  .max(100)
  .superRefine(unique((e) => e.name, 'envNameDuplicate'));
export const portList = z
  .array(portBinding)
  .max(50)
  .superRefine(unique((p) => `${p.hostPort}/${p.protocol}`, 'hostPortDuplicate'));
export const volumeList = z.array(volumeMount).max(20);

/** Registry credentials as the engine takes them (X-Registry-Auth); sent only with a deploy, never kept. */
export const registryAuth = z.object({
  serveraddress: z.string().max(253),
  username: z.string().max(256),
  password: z.string().max(4096),
});

/** What a device is told to run: a container made from a template (SPEC 3), by name. */
export const containerSpec = z.object({
  name: ruled(appNameRule),
  /** The full reference, registry included (imageReference). */
  image: z.string().min(1).max(600),
  env: envList.default([]),
  ports: portList.default([]),
  volumes: volumeList.default([]),
  /** A network endpoint (created on the device when missing); unset: the engine's default bridge. */
  network: ruled(networkNameRule).optional(),
  resource: z.enum(resourceLevels).default('low'),
  /** Pulled with these credentials (a private registry). */
  auth: registryAuth.optional(),
  /** SPEC 5 'Yes, install it!': install even when the reservation does not fit; it runs once it does. */
  installAnyway: z.boolean().default(false),
});
export type ContainerSpec = z.infer<typeof containerSpec>;

/** What a container on a device is made of, read back from its engine: copied to other devices, adopted. */
export const containerDefinition = containerSpec.omit({ auth: true, installAnyway: true });
export type ContainerDefinition = z.infer<typeof containerDefinition>;

/** A container as the device reports it, with its engine's details (the installed list). */
export const installedContainer = z.object({
  id: z.string().max(64),
  name: z.string().max(128),
  image: z.string().max(600),
  state: z.enum(containerStates),
  /** The engine's own words ("Up 3 minutes", "Exited (137) ..."). */
  status: z.string().max(256),
  ports: z.array(portBinding),
  resource: z.enum(resourceLevels).nullable(),
  /** Deployed by the console (it carries our label); others are orphans that can be adopted. */
  managed: z.boolean(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  exitCode: z.number().int().nullable(),
  /** The engine killed it for going past its memory limit. */
  oomKilled: z.boolean(),
  /** Why it is not running although deployed (a reservation that did not fit). */
  reason: z.string().max(256).nullable(),
  cpuPercent: z.number().nullable(),
  memoryBytes: z.number().nullable(),
  memoryLimitBytes: z.number().nullable(),
  /** The container's UUID (its `edge.console.uuid` label): it has a graphical session. */
  uuid: z.string().max(64).optional(),
});
export type InstalledContainer = z.infer<typeof installedContainer>;

/** What the device may give its apps, and what its apps reserve now (running ones). */
export const containerCapacity = z.object({
  cpus: z.number(),
  memoryMb: z.number(),
  reservedCpus: z.number(),
  reservedMemoryMb: z.number(),
});

export const containerActions = ['start', 'stop', 'restart', 'remove'] as const;
export type ContainerAction = (typeof containerActions)[number];

/** SPEC 3 Network endpoint: name, driver, driver options. */
export const networkDrivers = ['bridge', 'macvlan', 'ipvlan'] as const;
export const networkEndpoint = z.object({
  name: ruled(networkNameRule),
  driver: z.enum(networkDrivers).default('bridge'),
  /** Driver options (e.g. macvlan's parent interface). */
  options: z.record(z.string().max(128), z.string().max(256)).default({}),
});
export const networkView = z.object({
  name: z.string(),
  driver: z.string(),
  options: z.record(z.string(), z.string()),
  subnet: z.string().nullable(),
  /** The engine's own (bridge, host, none): listed, never removed. */
  builtIn: z.boolean(),
});
export const volumeView = z.object({
  name: z.string(),
  driver: z.string(),
  /** Bytes on disk, when the engine measured them. */
  sizeBytes: z.number().nullable(),
  /** Containers using it. */
  inUse: z.number().int(),
});
export type NetworkView = z.infer<typeof networkView>;
export type VolumeView = z.infer<typeof volumeView>;

/** The engine itself (the hypervisor view, SPEC 2): what runs the apps, how it is set up, what it holds. */
export const engineInfo = z.object({
  /** As the engine names itself: Docker Engine, Podman Engine ... */
  name: z.string().max(64),
  version: z.string().max(64),
  apiVersion: z.string().max(32),
  os: z.string().max(128),
  kernel: z.string().max(128),
  storageDriver: z.string().max(64),
  cgroupDriver: z.string().max(64),
  cgroupVersion: z.string().max(8),
  /** Where it keeps images, containers and volumes. */
  dataRoot: z.string().max(255),
  cpus: z.number().int().nonnegative(),
  memoryBytes: z.number().nonnegative(),
  images: z.number().int().nonnegative(),
  containers: z.object({
    running: z.number().int().nonnegative(),
    paused: z.number().int().nonnegative(),
    stopped: z.number().int().nonnegative(),
  }),
  /** Bytes its images, its containers' own layers and its volumes take on the disk. */
  disk: z.object({ images: z.number(), containers: z.number(), volumes: z.number() }),
});
export type EngineInfo = z.infer<typeof engineInfo>;

/** The device RPC methods of the containers capability (device-rpc.ts names them). */
export const containerRpc = {
  'containers.deploy': {
    params: containerSpec,
    result: z.object({ container: installedContainer }),
  },
  'containers.list': {
    params: z.object({ stats: z.boolean().default(false) }),
    result: z.object({ containers: z.array(installedContainer), capacity: containerCapacity }),
  },
  'containers.action': {
    params: z.object({ name: z.string().min(1).max(128), action: z.enum(containerActions) }),
    result: z.object({ container: installedContainer.nullable() }),
  },
  /** A container's definition (an orphan's too: its limits read as the nearest level). */
  'containers.inspect': {
    params: z.object({ name: z.string().min(1).max(128) }),
    result: z.object({ definition: containerDefinition }),
  },
  /** Volumes: list, or create or remove one (and then list). */
  'containers.volume': {
    params: z.discriminatedUnion('action', [
      z.object({ action: z.literal('list') }),
      z.object({ action: z.enum(['create', 'remove']), name: ruled(volumeNameRule) }),
    ]),
    result: z.object({ volumes: z.array(volumeView) }),
  },
  /** Network endpoints: list, create (name, driver, options) or remove one (and then list). */
  'containers.network': {
    params: z.discriminatedUnion('action', [
      z.object({ action: z.literal('list') }),
      z.object({ action: z.literal('create'), endpoint: networkEndpoint }),
      z.object({ action: z.literal('remove'), name: ruled(networkNameRule) }),
    ]),
    result: z.object({ networks: z.array(networkView) }),
  },
  /** The engine's version, configuration and disk use. */
  'containers.engine': {
    params: z.object({}).default({}),
    result: z.object({ engine: engineInfo }),
  },
  'containers.logs': {
    params: z.object({
      name: z.string().min(1).max(128),
      tail: z.number().int().min(1).max(5000).default(200),
    }),
    result: z.object({ lines: z.array(z.string()) }),
  },
} as const;
