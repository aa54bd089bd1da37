/**
 * Live channels: WebSocket /websocket/v1/live (session cookie or token). Every message is one JSON text frame.
 * A feature offers channels (LIVE_CHANNELS); the browser subscribes to keys of a channel and the console
 * checks, on every subscription, that the caller may read that channel and that key.
 *
 * Browser -> console (LiveClientMessage):
 *   {subscribe: {channel, keys: [...]}}      start receiving the channel's data for these keys; a channel that
 *                                            has a current state sends it at once (first message per key)
 *   {unsubscribe: {channel, keys: [...]}}    stop
 *   {ping: n}                                answered on the 'live' channel with {pong: n}
 * Messages of one connection are handled in the order they were sent, so a pong also says that every
 * subscription sent before the ping is in place (or refused).
 *
 * Console -> browser (LiveMessage): always {channel, key, data}. The 'live' channel (key '') carries the
 * socket's own answers: {pong}, and {err_message, err_code, channel?, key?} for a message that could not be
 * understood or a subscription that was refused (the key stays unsubscribed).
 * At most LIVE_MAX_SUBSCRIPTIONS keys per channel and connection.
 */
import { z } from 'zod';
import { dashboardSnapshot, deviceRow, inventoryListResponse, systemPoint } from './inventory.ts';
import { interfaceKinds } from './device-messages.ts';
import { sectionStateView } from './device-settings.ts';
import { jobView, stepView } from './jobs.ts';
import { liveMessages } from './alert-messages.ts';
import { dashboardOverview } from './dashboard.ts';
import { sdwanTopology } from './sdwan.ts';
import { consoleRestoreProgress } from './console-backup.ts';
import { installedResponse } from './application.ts';
import { notificationListResponse } from './notifications.ts';

export const LIVE_PATH = '/websocket/v1/live';
export const LIVE_BATCH_MS = 500;
export const LIVE_DEVICE_MIN_INTERVAL_MS = 1000;
export const LIVE_MAX_SUBSCRIPTIONS = 100;
export const LIVE_MAX_BATCH_ROWS = 1000;
const LIVE_MAX_KEY_LENGTH = 1024;

/**
 * The channels and the data of one message on each. Keys: '' for a channel with one stream, a device id for
 * a device's, the list query (listChannelKey) for a page of the device list.
 */
export const LIVE_CHANNELS = {
  /** The socket itself: pongs and refusals. */
  live: 'live',
  /**
   * Key ''. Batched every LIVE_BATCH_MS: rows whose online/status/name/group/... changed and devices removed,
   * with the fleet's counts; only sent when something changed. The first message (on subscribe) has no rows,
   * only the counts. `truncated: true` (changed empty) after more than LIVE_MAX_BATCH_ROWS changes: read again.
   */
  devices: 'inventory.devices',
  /**
   * Key: the list query (listChannelKey). The page as GET /api/v1/inventory/list answers it, first on
   * subscribe, then whenever a batch of changes changed it: the console decides membership and order.
   */
  list: 'inventory.list',
  /**
   * Key: a device id. Its dashboard snapshot and newest chart point, first on subscribe, then at most once
   * per LIVE_DEVICE_MIN_INTERVAL_MS.
   */
  dashboard: 'inventory.dashboard',
  /** Key ''. {waiting}: the Discovery list changed; batched like 'inventory.devices'. */
  discovery: 'provision.discovery',
  /**
   * Key: a device id. One section's state as GET settings/state shows it, whenever its state, outcome,
   * drift or versions changed, whichever console replica made the change. Nothing on subscribe: the browser
   * reads the state once itself.
   */
  settings: 'deviceSettings.state',
  /**
   * Key: a job id. The job and all its steps first on subscribe, then the job whenever its state or counts
   * changed and each step whenever its state, progress or note changed (a note is one output line of the
   * device: every one is sent, in order). Read by whoever may read the job's kind.
   */
  jobs: 'jobs',
  /** Key ''. The unread critical messages count, with the message that changed it (alert-messages.ts). */
  messages: 'messages',
  /** Key ''. The Dashboard app's overview (GET dashboard/overview), first on subscribe, then every DASHBOARD_PUSH_MS. */
  overview: 'dashboard.overview',
  /**
   * Key ''. The SD-WAN topology (GET /api/v1/sdwan/topology) first on subscribe, then again whenever a site,
   * node, link or subnet changed or a link's state, path, latency or throughput did (at most once a second).
   */
  sdwan: 'sdwan.topology',
  /** Key ''. A console restore's progress (ConsoleRestoreProgress): the current state on subscribe, then each step. */
  consoleRestore: 'consoleBackup.restore',
  /**
   * Key: a device id. Its apps as GET application/installed answers them, each time the device reports that
   * its container engine changed something (engine events), at most once a second. Nothing on subscribe: the
   * screen reads the list once itself.
   */
  containers: 'application.containers',
  /** Key ''. {deviceIds}: devices whose apps changed, batched every LIVE_BATCH_MS; the fleet list reads again. */
  containerFleet: 'application.fleet',
  /**
   * Key: the user id (each user reads only their own; every signed-in user may). The user's kept notification
   * list as GET /api/v1/notifications answers it, first on subscribe, then whenever it changed, whichever
   * tab and whichever console replica changed it.
   */
  notifications: 'notifications',
} as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[keyof typeof LIVE_CHANNELS];

const channelName = z.string().min(1).max(64);
const channelKeys = z.array(z.string().max(LIVE_MAX_KEY_LENGTH)).max(LIVE_MAX_SUBSCRIPTIONS);

export const liveClientMessage = z.union([
  z.object({ subscribe: z.object({ channel: channelName, keys: channelKeys }).strict() }).strict(),
  z.object({ unsubscribe: z.object({ channel: channelName, keys: channelKeys }).strict() }).strict(),
  z.object({ ping: z.number() }).strict(),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

export const liveMessage = z.object({ channel: z.string(), key: z.string(), data: z.unknown() });
export type LiveMessage<T = unknown> = { channel: string; key: string; data: T };

/** What the 'live' channel says. */
export const liveSocketData = z.union([
  z.object({ pong: z.number() }),
  z.object({
    err_message: z.string(),
    err_code: z.string().optional(),
    channel: z.string().optional(),
    key: z.string().optional(),
  }),
]);
export type LiveSocketData = z.infer<typeof liveSocketData>;

export const liveDevices = z.object({
  changed: z.array(deviceRow),
  removed: z.array(z.string()),
  numOnline: z.number(),
  numOffline: z.number(),
  at: z.number(),
  truncated: z.boolean().optional(),
});
export type LiveDevices = z.infer<typeof liveDevices>;

/** The newest sample, in the shapes of DashboardSeries (Mbps per interface kind, system metrics). */
export const livePoint = z.object({
  time: z.number(),
  traffic: z.record(z.enum(interfaceKinds), z.object({ rx: z.number(), tx: z.number() })),
  system: systemPoint,
});
export type LivePoint = z.infer<typeof livePoint>;
export const liveDashboard = z.object({ snapshot: dashboardSnapshot, point: livePoint.nullable() });
export type LiveDashboard = z.infer<typeof liveDashboard>;

export const liveDiscovery = z.object({ waiting: z.number() });
export type LiveDiscovery = z.infer<typeof liveDiscovery>;

export const liveContainerFleet = z.object({ deviceIds: z.array(z.string()) });
export type LiveContainerFleet = z.infer<typeof liveContainerFleet>;

export const liveSettings = sectionStateView;
export const liveList = inventoryListResponse;
/**
 * One message of the jobs channel: the job when it changed, the steps that changed (all of them first),
 * and in the first message the output lines each running step streamed before the screen came (by step id).
 */
export const liveJob = z.object({
  job: jobView.optional(),
  steps: z.array(stepView),
  lines: z.record(z.string(), z.array(z.string())).optional(),
});
export type LiveJob = z.infer<typeof liveJob>;

/** Data schema per channel, for those who check what arrives (tests, tools). */
export const liveChannelData = {
  [LIVE_CHANNELS.live]: liveSocketData,
  [LIVE_CHANNELS.devices]: liveDevices,
  [LIVE_CHANNELS.list]: liveList,
  [LIVE_CHANNELS.dashboard]: liveDashboard,
  [LIVE_CHANNELS.discovery]: liveDiscovery,
  [LIVE_CHANNELS.settings]: liveSettings,
  [LIVE_CHANNELS.jobs]: liveJob,
  [LIVE_CHANNELS.messages]: liveMessages,
  [LIVE_CHANNELS.overview]: dashboardOverview,
  [LIVE_CHANNELS.sdwan]: sdwanTopology,
  [LIVE_CHANNELS.consoleRestore]: consoleRestoreProgress,
  [LIVE_CHANNELS.containers]: installedResponse,
  [LIVE_CHANNELS.containerFleet]: liveContainerFleet,
  [LIVE_CHANNELS.notifications]: notificationListResponse,
} as const;
export type LiveChannelData<C extends LiveChannel> = z.infer<(typeof liveChannelData)[C]>;

/**
 * The key of a device list page on LIVE_CHANNELS.list: its GET /api/v1/inventory/list parameters as a
 * query string, names sorted and empty values left out, so equal queries share one key.
 */
export function listChannelKey(query: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  return params.toString();
}
