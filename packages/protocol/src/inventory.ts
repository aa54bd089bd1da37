/**
 * Inventory (SPEC 2, 3, 4, 7): the device list, groups, the device dashboard, inventory actions, secure
 * mode and the map's dashboard configuration. Request AND response schemas of every route live here; the
 * server validates with them and the web console types its calls with them.
 *
 * Their endpoints (method, path, permission, activity name, failures): endpoints/inventory.ts.
 *
 * Permissions: reads need Inventory view; everything that changes something needs Inventory manage
 * (dashboardConfig PATCH only needs view: it is the user's own map preference).
 * Live updates of all of this: see live.ts (WebSocket /websocket/v1/live, channels inventory.*).
 * Device errors: 409 deviceOffline ('Device is offline.'), 504 deviceTimeout ('Device did not answer in
 * time.'), 409 cannotTurnOff, 502 cannotReboot ('Cannot reboot the device. <device words>'), 404 deviceNotFound.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants.ts';
import { messages } from './messages.ts';
import {
  cellSignal,
  connectedClient,
  containerApp,
  deviceStatusLabels,
  ethernetPort,
  interfaceKinds,
  interfaceTraffic,
  loadLevels,
  poePower,
  secureModes,
  signalQualities,
} from './device-messages.ts';

// ---------------------------------------------------------------------------------------------------------
// Shared pieces

/** `{message}`: the answer of actions whose result is a sentence (the UI shows it in a toast). */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Device ids are 16 hex characters; anything else is simply not found. */
export const deviceIdField = z
  .string({ error: messages.deviceNotFound })
  .min(1, messages.deviceNotFound)
  .max(64, messages.deviceNotFound);

/** SPEC 9 page sizes: 10, 20, 30, 40, default 10. */
export const pageSizeField = z.coerce
  .number({ error: messages.pageSizeInvalid })
  .int(messages.pageSizeInvalid)
  .refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n), { message: messages.pageSizeInvalid })
  .default(DEFAULT_PAGE_SIZE);
export const pageField = z.coerce.number({ error: messages.invalidRequest }).int().min(1).default(1);

const optionalText = (max: number) => z.string().trim().max(max).optional();
/** Query booleans arrive as text. */
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** What the inventory list can be sorted by (getDeviceSortBy and getSignalListSortBy list them for the UI). */
export const deviceSortKeys = [
  'name',
  'sn',
  'status',
  'ip',
  'model',
  'group',
  'firmware',
  'upTime',
  'lastSeen',
  'load',
  'signal',
  'rsrp',
  'rsrq',
  'snr',
] as const;
export type DeviceSortKey = (typeof deviceSortKeys)[number];

export const sortOption = z.object({ value: z.string(), label: z.string() });
export type SortOption = z.infer<typeof sortOption>;
export const sortOptionsResponse = z.object({ list: z.array(sortOption) });
export type SortOptionsResponse = z.infer<typeof sortOptionsResponse>;

/** The option lists the three getters answer (English labels; the UI translates by value). */
export const DEVICE_SORT_OPTIONS: SortOption[] = [
  { value: 'name', label: 'Name' },
  { value: 'sn', label: 'Serial number' },
  { value: 'status', label: 'Status' },
  { value: 'ip', label: 'IP' },
  { value: 'model', label: 'Model' },
  { value: 'group', label: 'Group' },
  { value: 'firmware', label: 'Firmware' },
  { value: 'upTime', label: 'Uptime' },
  { value: 'lastSeen', label: 'Last seen' },
  { value: 'load', label: 'Load' },
];
export const SIGNAL_SORT_OPTIONS: SortOption[] = [
  { value: 'signal', label: 'Signal quality' },
  { value: 'rsrp', label: 'RSRP' },
  { value: 'rsrq', label: 'RSRQ' },
  { value: 'snr', label: 'SNR' },
];
export const ORDER_OPTIONS: SortOption[] = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

// ---------------------------------------------------------------------------------------------------------
// Devices

/** One row of the inventory (SPEC 3 Device plus what the table and map show). Times are epoch ms, upTime seconds. */
export const deviceRow = z.object({
  id: z.string(),
  /** The id the device reports its heartbeat under (SPEC 3); the same as `id`. */
  iGWSHeartBeatID: z.string(),
  /** Model name as the device announces it. */
  modelID: z.string(),
  /** The operator's name for the device (adoption / provision CSV). */
  name: z.string(),
  /** The device's own name (its hostname, Settings > General); the operator's name when it reported none. */
  deviceName: z.string(),
  /** SPEC 4 label: Lock, Unlock, License Lock, Runs Well, Alarm, Idle, Offline. */
  status: z.enum(deviceStatusLabels),
  /** Seconds since boot, as of the last heartbeat. */
  upTime: z.number(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  sn: z.string(),
  ip: z.string(),
  mac: z.string(),
  /** '' when the device has no cellular modem. */
  imei: z.string(),
  imsi: z.string(),
  groupId: z.number().nullable(),
  /** '' when ungrouped. */
  groupName: z.string(),
  signalQuality: z.enum(signalQualities).nullable(),
  /** dBm; null without cellular signal. */
  rsrp: z.number().nullable(),
  loadLevel: z.enum(loadLevels).nullable(),
  cpuUsage: z.number().nullable(),
  firmware: z.string(),
  profile: z.string(),
  /** Last message from the device; null if never seen. */
  lastSeen: z.number().nullable(),
  /** The secure mode the operator chose, or the one the device reports when nobody chose one. */
  secureMode: z.enum(secureModes),
  /** What the device itself last reported. */
  secureModeReported: z.enum(secureModes),
  /** True while the device has not yet applied the chosen secure mode (it is applied when the device supports it). */
  secureModePending: z.boolean(),
  online: z.boolean(),
  idle: z.boolean(),
  alarms: z.array(z.string()),
  capabilities: z.array(z.string()),
  /** Seconds between heartbeats now in force. */
  reportInterval: z.number(),
  adoptedAt: z.number().nullable(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

/**
 * GET /api/v1/inventory/list. groupId 0 means "ungrouped". search matches name, device name, serial, IP,
 * MAC, IMEI and IMSI (case-insensitive substring). numOnline/numOffline count every device matching
 * modelID, groupId and search (status, online, signal, load filters and paging ignored) so they can label
 * status tabs and the online/offline pie.
 */
export const inventoryListQuery = z.object({
  modelID: optionalText(64),
  page: pageField,
  pageSize: pageSizeField,
  search: optionalText(128),
  sortBy: z.enum(deviceSortKeys, { error: messages.invalidChoice }).default('name'),
  order: z.enum(sortOrders, { error: messages.invalidChoice }).default('asc'),
  groupId: z.coerce.number({ error: messages.invalidRequest }).int().min(0).optional(),
  status: z.enum(deviceStatusLabels, { error: messages.invalidChoice }).optional(),
  online: queryBoolean.optional(),
  signalQuality: z.enum(signalQualities, { error: messages.invalidChoice }).optional(),
  loadLevel: z.enum(loadLevels, { error: messages.invalidChoice }).optional(),
});
export type InventoryListQuery = z.input<typeof inventoryListQuery>;
/** The list's parameters as read (defaults filled, numbers and flags parsed): what a screen asks for. */
export type InventoryListParams = z.output<typeof inventoryListQuery>;

export const inventoryListResponse = z.object({
  list: z.array(deviceRow),
  totalNumber: z.number(),
  numOnline: z.number(),
  numOffline: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type InventoryListResponse = z.infer<typeof inventoryListResponse>;

export const deviceCounts = z.object({ numOnline: z.number(), numOffline: z.number() });
export type DeviceCountsView = z.infer<typeof deviceCounts>;

// ---------------------------------------------------------------------------------------------------------
// Groups (SPEC 3 Group: id, name, customerID)

export const GROUP_NAME_MAX = 64;
const groupName = z
  .string({ error: messages.groupNameEmpty })
  .trim()
  .min(1, messages.groupNameEmpty)
  .max(GROUP_NAME_MAX, messages.groupNameLength)
  .prefault('');
const groupId = z.number({ error: messages.groupNotFound }).int().positive(messages.groupNotFound);

export const deviceGroup = z.object({ id: z.number(), name: z.string(), customerID: z.number().nullable() });
export type DeviceGroup = z.infer<typeof deviceGroup>;

export const groupListQuery = z.object({ customerID: z.coerce.number().int().optional() });
export type GroupListQuery = z.input<typeof groupListQuery>;
export const groupListResponse = z.object({ list: z.array(deviceGroup) });
export type GroupListResponse = z.infer<typeof groupListResponse>;

export const groupListV2Query = z.object({
  customerID: z.coerce.number().int().optional(),
  /** Case-insensitive substring of the group name. */
  name: optionalText(GROUP_NAME_MAX),
  page: pageField,
  pageSize: pageSizeField,
});
/** A page of groups as a screen asks for it. */
export type GroupListV2Params = Omit<z.output<typeof groupListV2Query>, 'customerID'>;
export type GroupListV2Query = z.input<typeof groupListV2Query>;

export const groupRowV2 = deviceGroup.extend({
  numDevices: z.number(),
  numOnline: z.number(),
  numOffline: z.number(),
});
export type GroupRowV2 = z.infer<typeof groupRowV2>;
export const groupListV2Response = z.object({
  list: z.array(groupRowV2),
  totalNumber: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Devices in no group (OrpheLink's "Ungroup" group). */
  ungrouped: deviceCounts,
});
export type GroupListV2Response = z.infer<typeof groupListV2Response>;

export const groupCreateRequest = z.object({
  name: groupName,
  customerID: z.number().int().nullable().optional(),
});
export type GroupCreateRequest = z.input<typeof groupCreateRequest>;
export const groupEditRequest = z.object({ id: groupId, name: groupName });
export type GroupEditRequest = z.input<typeof groupEditRequest>;
export const groupIdRequest = z.object({ id: groupId });
export type GroupIdRequest = z.infer<typeof groupIdRequest>;
/** Puts devices into a group; groupId null ungroups them. */
export const groupAssignRequest = z.object({
  groupId: groupId.nullable(),
  deviceIds: z.array(deviceIdField).min(1, messages.invalidRequest).max(10_000),
});
export type GroupAssignRequest = z.infer<typeof groupAssignRequest>;

// ---------------------------------------------------------------------------------------------------------
// Device dashboard (SPEC 2 "Dashboard (device)")

/** Live part of the dashboard: what the last heartbeat and telemetry said. Also pushed over live.ts. */
export const dashboardSnapshot = z.object({
  deviceId: z.string(),
  status: z.enum(deviceStatusLabels),
  online: z.boolean(),
  hostname: z.string(),
  /** When the device last reached the console (epoch ms), null if never. */
  accessTime: z.number().nullable(),
  /** Epoch ms of the heartbeat / telemetry the values come from (device clock); null if none yet. */
  reportedAt: z.number().nullable(),
  /** Sum over the device's WAN-side interfaces (ethernet, wifi, cellular), Mbps. */
  throughput: z.object({ txMbps: z.number(), rxMbps: z.number() }),
  clients: z.object({ wired: z.number(), wifi: z.number() }),
  ethernetPorts: z.array(ethernetPort),
  /** Totals over the PoE ports (current mA, voltage V, watt W); null when the device has no PoE port. */
  poe: poePower.nullable(),
  /** True when the device has PoE ports but the DC power line is unplugged: show "plug in the DC power line". */
  poeNeedsDcPower: z.boolean(),
  /** Seconds; the UI shows days, hours, minutes. */
  upTime: z.number(),
  cpu: z.object({
    cores: z.number().nullable(),
    usage: z.number().nullable(),
    temperature: z.number().nullable(),
  }),
  /** Bytes. */
  memory: z.object({ total: z.number(), used: z.number() }).nullable(),
  disk: z.object({ total: z.number(), used: z.number() }).nullable(),
  loadLevel: z.enum(loadLevels).nullable(),
  signal: cellSignal.nullable(),
  cellular: z.object({ imei: z.string(), imsi: z.string(), iccid: z.string().optional() }).nullable(),
  connectedDevices: z.array(connectedClient),
  interfaces: z.array(interfaceTraffic),
  containers: z.array(containerApp),
  /** RPM; null when the device has no fan. */
  fanSpeed: z.number().nullable(),
});
export type DashboardSnapshot = z.infer<typeof dashboardSnapshot>;

/** One point of a traffic series, Mbps; null where the device sent nothing for that kind. */
export const trafficPoint = z.object({
  time: z.number(),
  rx: z.number().nullable(),
  tx: z.number().nullable(),
});
export type TrafficPoint = z.infer<typeof trafficPoint>;
export const systemPoint = z.object({
  time: z.number(),
  cpuUsage: z.number().nullable(),
  memoryUsage: z.number().nullable(),
  diskUsage: z.number().nullable(),
  cpuTemp: z.number().nullable(),
  fanSpeed: z.number().nullable(),
  clients: z.number().nullable(),
});
export type SystemPoint = z.infer<typeof systemPoint>;

export const dashboardSeries = z.object({
  /** raw: points as sampled (within the last day); 5m / hour: averages (telemetry.ts chooses by range). */
  resolution: z.enum(['raw', '5m', 'hour']),
  from: z.number(),
  to: z.number(),
  /** ethernet, wifi, cellular, controlPlane, dataPlane: rx/tx/time. */
  traffic: z.record(z.enum(interfaceKinds), z.array(trafficPoint)),
  system: z.array(systemPoint),
});
export type DashboardSeries = z.infer<typeof dashboardSeries>;

/** POST /api/v1/dashboards/get. from/to epoch ms; default the last hour; to - from at most 31 days. */
export const dashboardRequest = z.object({
  DeviceID: deviceIdField,
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
});
export type DashboardRequest = z.infer<typeof dashboardRequest>;

export const deviceDashboard = dashboardSnapshot.extend({
  device: deviceRow,
  series: dashboardSeries,
});
export type DeviceDashboard = z.infer<typeof deviceDashboard>;

// ---------------------------------------------------------------------------------------------------------
// Inventory actions (SPEC 4), each after a confirmation in the UI

export const deviceIdRequest = z.object({ id: deviceIdField });
export type DeviceIdRequest = z.infer<typeof deviceIdRequest>;
/** idle defaults to true; false takes the device out of Idle. */
export const setIdleRequest = z.object({ id: deviceIdField, idle: z.boolean().default(true) });
export type SetIdleRequest = z.input<typeof setIdleRequest>;
export const secureModeRequest = z.object({
  id: deviceIdField,
  secureMode: z.enum(secureModes, { error: messages.invalidChoice }),
});
export type SecureModeRequest = z.infer<typeof secureModeRequest>;

/** message for the toast; delayMs for reboot/shutdown (5000: the device acts 5 s after answering). */
export const deviceActionResponse = z.object({
  message: z.string(),
  device: deviceRow,
  delayMs: z.number().optional(),
});
export type DeviceActionResponse = z.infer<typeof deviceActionResponse>;

// ---------------------------------------------------------------------------------------------------------
// Dashboard config (SPEC 3): how the inventory map labels and colours devices. Stored per user.

/** What colours a device on the map. */
export const mapColorTypes = ['status', 'signal', 'load'] as const;
/** What text labels a device on the map (SPEC 3: name/ip/imei/imsi by content type). */
export const mapContentTypes = ['name', 'ip', 'imei', 'imsi'] as const;
export const mapSizeTypes = ['small', 'medium', 'large'] as const;
/** Statistics shown beside the map. */
export const mapStatisticsTypes = ['status', 'signal', 'load', 'online'] as const;
/** Which devices the map shows: all, one group (iGWSGroupID) or a chosen list (iGWSHeartBeatIDs). */
export const mapScopeTypes = ['all', 'group', 'devices'] as const;

export const dashboardConfig = z.object({
  colorType: z.enum(mapColorTypes, { error: messages.invalidChoice }),
  contentType: z.enum(mapContentTypes, { error: messages.invalidChoice }),
  sizeType: z.enum(mapSizeTypes, { error: messages.invalidChoice }),
  statisticsTypes: z
    .array(z.enum(mapStatisticsTypes, { error: messages.invalidChoice }))
    .max(mapStatisticsTypes.length),
  type: z.enum(mapScopeTypes, { error: messages.invalidChoice }),
  iGWSGroupID: z.number().int().positive().nullable(),
  iGWSHeartBeatIDs: z.array(deviceIdField).max(10_000),
});
export type DashboardConfig = z.infer<typeof dashboardConfig>;
export const dashboardConfigPatch = dashboardConfig.partial();
export type DashboardConfigPatch = z.infer<typeof dashboardConfigPatch>;

export const DEFAULT_DASHBOARD_CONFIG: DashboardConfig = {
  colorType: 'status',
  contentType: 'name',
  sizeType: 'medium',
  statisticsTypes: ['status', 'online'],
  type: 'all',
  iGWSGroupID: null,
  iGWSHeartBeatIDs: [],
};

/** A device on the map: its label by contentType, colour level and value by colorType, size by sizeType. */
export const mapDevice = z.object({
  id: z.string(),
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  online: z.boolean(),
  status: z.enum(deviceStatusLabels),
  /** 0 good (green) .. 2 bad (red); -1 offline/unknown (grey). */
  colorLevel: z.number().int().min(-1).max(2),
  /** What the colour says, e.g. 'Runs Well', 'excellent', 'Low'. */
  colorValue: z.string(),
  size: z.enum(mapSizeTypes),
});
export type MapDevice = z.infer<typeof mapDevice>;
export const mapResponse = z.object({
  config: dashboardConfig,
  /** Devices with a location, within the config's scope. */
  list: z.array(mapDevice),
  /** Devices in scope without a location (not drawn). */
  withoutLocation: z.number(),
  numOnline: z.number(),
  numOffline: z.number(),
});
export type MapResponse = z.infer<typeof mapResponse>;
