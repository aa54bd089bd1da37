/**
 * Live updates of the inventory: WebSocket /websocket/v1/inventory/live (session cookie, Inventory view).
 * Every message is one JSON text frame.
 *
 * Browser -> console (LiveClientMessage):
 *   {subscribe: [deviceId, ...]}     start receiving dashboard snapshots of these devices (max LIVE_MAX_SUBSCRIPTIONS)
 *   {unsubscribe: [deviceId, ...]}   stop; {unsubscribe: []} with `all: true` stops every subscription
 *   {subscribeSettings: [deviceId, ...]}    start receiving the configuration state of these devices' sections
 *                                   ('settings' messages); needs what GET settings/state needs (Inventory view),
 *                                   looked at again on every such message: without it, an 'error' (forbidden)
 *                                   and nothing else
 *   {unsubscribeSettings: [deviceId, ...]}  stop
 *   {ping: n}                        the console answers {type: 'pong', ping: n}
 * Messages of one connection are handled in the order they were sent, so a pong also says that every
 * subscription sent before the ping is in place.
 *
 * Console -> browser (LiveServerMessage):
 *   {type: 'hello', numOnline, numOffline, at}                 once, on connect
 *   {type: 'devices', changed: DeviceRow[], removed: [ids], numOnline, numOffline, at}
 *                                                              batched every LIVE_BATCH_MS (500 ms): rows whose
 *                                                              online/status/name/group/secure mode/... changed,
 *                                                              devices removed; only sent when something changed;
 *                                                              `truncated: true` (changed empty) after a storm of
 *                                                              more than LIVE_MAX_BATCH_ROWS changes: refetch
 *   {type: 'dashboard', deviceId, snapshot: DashboardSnapshot, point}
 *                                                              subscribed devices only, at most one per device per
 *                                                              LIVE_DEVICE_MIN_INTERVAL_MS (1 s); `point` is the
 *                                                              latest traffic/system sample to append to the charts
 *   {type: 'discovery', waiting}                               the Discovery list changed (a device asked to enrol,
 *                                                              was adopted or removed); refetch it. Only to users
 *                                                              who may view Provision. Batched like 'devices'.
 *   {type: 'settings', deviceId, section: SectionStateView}
 *                                                              subscribed devices only: a section's state, outcome,
 *                                                              drift or versions changed (apply started, device
 *                                                              reported, awaiting confirmation, confirmed, rolled
 *                                                              back, failed, drift appeared or cleared), whichever
 *                                                              console replica made the change. Not sent on
 *                                                              subscribe: the browser reads the state once itself
 *   {type: 'pong', ping}
 *   {type: 'error', err_message, err_code?}                    a client message that could not be understood
 *
 * Rows of a user's view of the list are not filtered server-side: the browser merges `changed` rows into
 * the page it shows (by id) and refetches the page when it needs re-sorting.
 */
import { z } from 'zod';
import { deviceIdField, deviceRow, dashboardSnapshot, systemPoint } from './inventory.ts';
import { interfaceKinds } from './device-messages.ts';
import { sectionStateView } from './device-settings.ts';

export const LIVE_INVENTORY_PATH = '/websocket/v1/inventory/live';
export const LIVE_BATCH_MS = 500;
export const LIVE_DEVICE_MIN_INTERVAL_MS = 1000;
export const LIVE_MAX_SUBSCRIPTIONS = 100;
export const LIVE_MAX_BATCH_ROWS = 1000;

export const liveClientMessage = z.union([
  z.object({ subscribe: z.array(deviceIdField).max(LIVE_MAX_SUBSCRIPTIONS) }).strict(),
  z
    .object({ unsubscribe: z.array(deviceIdField).max(LIVE_MAX_SUBSCRIPTIONS), all: z.boolean().optional() })
    .strict(),
  z.object({ subscribeSettings: z.array(deviceIdField).max(LIVE_MAX_SUBSCRIPTIONS) }).strict(),
  z.object({ unsubscribeSettings: z.array(deviceIdField).max(LIVE_MAX_SUBSCRIPTIONS) }).strict(),
  z.object({ ping: z.number() }).strict(),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

export const liveHello = z.object({
  type: z.literal('hello'),
  numOnline: z.number(),
  numOffline: z.number(),
  at: z.number(),
});
export const liveDevices = z.object({
  type: z.literal('devices'),
  changed: z.array(deviceRow),
  removed: z.array(z.string()),
  numOnline: z.number(),
  numOffline: z.number(),
  at: z.number(),
  /** More than LIVE_MAX_BATCH_ROWS rows changed at once (e.g. a reconnect storm): `changed` is empty, refetch the page. */
  truncated: z.boolean().optional(),
});
/** The newest sample, in the shapes of DashboardSeries (Mbps per interface kind, system metrics). */
export const livePoint = z.object({
  time: z.number(),
  traffic: z.record(z.enum(interfaceKinds), z.object({ rx: z.number(), tx: z.number() })),
  system: systemPoint,
});
export type LivePoint = z.infer<typeof livePoint>;
export const liveDashboard = z.object({
  type: z.literal('dashboard'),
  deviceId: z.string(),
  snapshot: dashboardSnapshot,
  point: livePoint.nullable(),
});
/** One section of a device whose settings the browser subscribed to, as GET settings/state shows it. */
export const liveSettings = z.object({
  type: z.literal('settings'),
  deviceId: z.string(),
  section: sectionStateView,
});
export const liveDiscovery = z.object({ type: z.literal('discovery'), waiting: z.number() });
export const livePong = z.object({ type: z.literal('pong'), ping: z.number() });
export const liveError = z.object({
  type: z.literal('error'),
  err_message: z.string(),
  err_code: z.string().optional(),
});

export const liveServerMessage = z.discriminatedUnion('type', [
  liveHello,
  liveDevices,
  liveDashboard,
  liveSettings,
  liveDiscovery,
  livePong,
  liveError,
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;
export type LiveHello = z.infer<typeof liveHello>;
export type LiveDevices = z.infer<typeof liveDevices>;
export type LiveDashboard = z.infer<typeof liveDashboard>;
export type LiveDiscovery = z.infer<typeof liveDiscovery>;
export type LiveSettings = z.infer<typeof liveSettings>;
