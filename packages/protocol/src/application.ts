/**
 * The Application module's API (SPEC 2 Container app, SPEC 3 Container template and Registry, SPEC 7 lists
 * none of its calls, so these are the product's own): templates (the app store's catalogue), registries
 * with credentials kept by the console, deploys as jobs, the installed list and its actions. Field rules
 * come from containers.ts.
 */
import { z } from 'zod';
import {
  containerActions,
  envList,
  installedContainer,
  containerCapacity,
  networkNameRule,
  portList,
  registryAddressRule,
  resourceLevels,
  volumeList,
  volumeNameRule,
  volumeView,
  networkEndpoint,
  networkView,
  appNameRule,
  imageNameRule,
  imageTagRule,
  engineInfo,
} from './containers.ts';
import { interfaceTraffic } from './device-messages.ts';
import { dashboardSnapshot } from './inventory.ts';
import { requiredField, ruled, textRule } from './validation.ts';
import { jobDetail } from './jobs.ts';

export const APPLICATION_API = '/api/v1/container';
/** The deploy job kind (jobs/). */
export const APPLICATION_DEPLOY_KIND = 'application.deploy';

const id = z.number().int().min(1);
const deviceId = z.string().min(1).max(64);
/** Devices one deploy may cover at most (the fleet size the console is built for, twice over). */
export const DEPLOY_MAX_DEVICES = 20_000;

/** SPEC 3 Registry: name, insecure HTTP flag, server address, login user, password or token. */
export const registryInput = z.object({
  name: requiredField(textRule('registryNameEmpty', 64)),
  insecure: z.boolean().default(false),
  serverAddress: requiredField(registryAddressRule),
  username: z.string().max(256).default(''),
  /** Write-only: answers never carry it. Left out on edit: kept as it is. */
  password: z.string().max(4096).optional(),
});
export type RegistryInput = z.input<typeof registryInput>;
export const registryView = z.object({
  id: z.number(),
  name: z.string(),
  insecure: z.boolean(),
  serverAddress: z.string(),
  username: z.string(),
  hasPassword: z.boolean(),
  updatedAt: z.number(),
});
export type RegistryView = z.infer<typeof registryView>;

/** SPEC 3 Container template. */
export const templateInput = z.object({
  appName: requiredField(appNameRule),
  description: z.string().max(1000).default(''),
  /** A registry of the console; unset: the engine's default registry. */
  registryId: id.nullable().default(null),
  imageName: requiredField(imageNameRule),
  tag: ruled(imageTagRule).default('latest'),
  network: ruled(networkNameRule).nullable().default(null),
  resource: z.enum(resourceLevels).default('low'),
  env: envList.default([]),
  ports: portList.default([]),
  volumes: volumeList.default([]),
  /** An image URL (http(s) or a data: URL) shown in the app store. */
  icon: z.string().max(200_000).default(''),
  category: z.string().max(64).default(''),
});
export type TemplateInput = z.input<typeof templateInput>;
export const templateView = templateInput.extend({
  id: z.number(),
  registryName: z.string().nullable(),
  /** The reference a device pulls. */
  image: z.string(),
  updatedAt: z.number(),
});
export type TemplateView = z.infer<typeof templateView>;

export const templateListQuery = z.object({
  search: z.string().max(128).default(''),
  category: z.string().max(64).default(''),
});

/** A template file: this console's export, or Portainer's app-template format (v2 or v3). */
export const templateImportRequest = z.object({ content: z.string().min(1).max(5_000_000) });
export const templateImportResponse = z.object({
  imported: z.number().int(),
  /** Entries the console could not take (stacks, bad fields), with why. */
  skipped: z.array(z.object({ title: z.string(), reason: z.string() })),
});

/** Deploy a template to devices: some, or every one of a group; a job of APPLICATION_DEPLOY_KIND. */
/** Where and how a deploy goes: some devices or a group, SPEC 5's install anyway, the stop rule, the pace. */
const deployTarget = {
  deviceIds: z.array(deviceId).max(DEPLOY_MAX_DEVICES).optional(),
  groupId: id.optional(),
  /** SPEC 5 'Yes, install it!': install where the reservation does not fit; it runs once it fits. */
  installAnyway: z.boolean().default(false),
  /** Stop rule: halt once this share of the devices failed (1: never). */
  maxFailedShare: z.number().min(0).max(1).default(1),
  /** Devices deploying at once; the rest wait their turn (and are left alone when the stop rule halts). */
  concurrency: z.number().int().min(1).max(1000).default(50),
};
const someTarget = (r: { deviceIds?: string[]; groupId?: number }) =>
  Boolean(r.deviceIds?.length) || r.groupId !== undefined;
const noTarget = {
  message: 'Please select at least one device or a group.',
  params: { code: 'deployDevicesRequired' },
};

export const deployRequest = z
  .object({
    templateId: id,
    /** The container's name on the devices; the template's app name when unset. */
    name: ruled(appNameRule).optional(),
    /** Replaces the template's values for this deploy. */
    env: envList.optional(),
    ports: portList.optional(),
    ...deployTarget,
  })
  .refine(someTarget, noTarget);
export type DeployRequest = z.input<typeof deployRequest>;

/** Device to device (SPEC 4 deploy sources): a running app's definition copied to other devices. */
export const copyRequest = z
  .object({ fromDeviceId: deviceId, name: z.string().min(1).max(128), ...deployTarget })
  .refine(someTarget, noTarget);

/**
 * Adopting an orphan (SPEC 4 deploy sources): a container started on the device outside the console
 * becomes a template, and is deployed again from it under the console's management (same name, so it
 * replaces the orphan).
 */
export const adoptOrphanRequest = z.object({ deviceId, name: z.string().min(1).max(128) });
export const adoptOrphanResponse = z.object({ template: templateView, job: jobDetail });

/**
 * The devices with a container engine, and their groups: what the Application area's pickers offer, so a
 * Container account (SPEC 6: the Application area only, no Inventory) can choose where apps go.
 */
export const containerDevicesQuery = z.object({ search: z.string().max(128).default('') });
export const containerDevicesResponse = z.object({
  list: z.array(
    z.object({ id: z.string(), name: z.string(), sn: z.string(), model: z.string(), online: z.boolean() }),
  ),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const appDeviceQuery = z.object({ deviceId });

/** Volumes and network endpoints of one device (SPEC 2). */
export const volumeRequest = z.object({ deviceId, name: ruled(volumeNameRule) });
export const volumesResponse = z.object({ volumes: z.array(volumeView) });
export const networkRequest = networkEndpoint.extend({ deviceId });
export const networkRemoveQuery = z.object({ deviceId, name: ruled(networkNameRule) });
export const networksResponse = z.object({ networks: z.array(networkView) });
/**
 * A device's apps. Online: asked of the device now. Offline: its apps as it last reported them (`offline`,
 * `asOf` when that was), never an empty list or an endless wait; the screen reads them again by itself when
 * the device comes back (the live channel pushes them).
 */
export const installedResponse = z.object({
  deviceId: z.string(),
  containers: z.array(installedContainer),
  /** Null when the device is offline and its reservations were never read by this console. */
  capacity: containerCapacity.nullable(),
  offline: z.boolean(),
  /** When the list was read from the device (ms); null when it never reported its apps. */
  asOf: z.number().nullable(),
});
export type InstalledResponse = z.infer<typeof installedResponse>;
/**
 * The hypervisor view of one device (SPEC 2): its health and disk as its last heartbeat had them, its network
 * cards as its last report had them, and its container engine asked now (null, with why, when it cannot be
 * asked: offline, no answer). Its apps are the installed list's.
 */
export const hypervisorResponse = z.object({
  deviceId: z.string(),
  name: z.string(),
  model: z.string(),
  online: z.boolean(),
  /** As the device's dashboard has them (its last heartbeat). */
  health: dashboardSnapshot.pick({
    reportedAt: true,
    upTime: true,
    cpu: true,
    memory: true,
    disk: true,
    loadLevel: true,
  }),
  networkCards: z.array(interfaceTraffic),
  engine: engineInfo.nullable(),
  unreachable: z.string().nullable(),
});
export type HypervisorResponse = z.infer<typeof hypervisorResponse>;

/** Fleet-wide: each device's apps as its last report had them. */
export const fleetInstalledQuery = z.object({
  search: z.string().max(128).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export const fleetInstalledResponse = z.object({
  list: z.array(
    z.object({
      deviceId: z.string(),
      deviceName: z.string(),
      online: z.boolean(),
      name: z.string(),
      state: z.string(),
      id: z.string().optional(),
    }),
  ),
  total: z.number().int(),
});

export const containerActionRequest = z.object({
  deviceId,
  name: z.string().min(1).max(128),
  action: z.enum(containerActions),
});
export const containerActionResponse = z.object({
  container: installedContainer.nullable(),
  message: z.string(),
});
export const containerLogsQuery = z.object({
  deviceId,
  name: z.string().min(1).max(128),
  tail: z.coerce.number().int().min(1).max(5000).default(200),
});
export const containerLogsResponse = z.object({ lines: z.array(z.string()) });

/** SPEC 3 Container licence; until licences are issued the count is unlimited (null). */
export const containerLicenceView = z.object({
  count: z.number().int().nullable(),
  used: z.number().int(),
  unused: z.number().int().nullable(),
});

export const appIdRequest = z.object({ id });
export const appIdQuery = z.object({ id: z.coerce.number().int().min(1) });
export const appMessage = z.object({ message: z.string() });
