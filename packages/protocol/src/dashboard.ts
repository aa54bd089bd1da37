/**
 * The Dashboard app (issue 18, SPEC 1 and 2): the console's own load, the fleet's device counts (the pie),
 * clients wired and Wi-Fi, devices in alarm, and the top devices by traffic and by CPU, pushed live; and
 * each user's widget layout. The widget of chosen devices reuses Inventory's Dashboard config (SPEC 3).
 */
import { z } from 'zod';

export const DASHBOARD_API = '/api/v1/dashboard';
/** How often the overview is pushed to those watching it. */
export const DASHBOARD_PUSH_MS = 5000;
/** Devices in each top list. */
export const DASHBOARD_TOP = 5;

const usage = z.object({ total: z.number(), used: z.number() });

export const consoleLoad = z.object({
  /** Percent of all cores over the last sampling period. */
  cpuPercent: z.number(),
  cores: z.number().int(),
  memory: usage,
  /** The file system holding the console's data. */
  disk: usage,
  /** Seconds the console's process has run, and the host since boot. */
  processUptime: z.number(),
  hostUptime: z.number(),
});
export type ConsoleLoad = z.infer<typeof consoleLoad>;

export const topDevice = z.object({ id: z.string(), name: z.string(), value: z.number() });
export type TopDevice = z.infer<typeof topDevice>;

export const dashboardOverview = z.object({
  at: z.number(),
  system: consoleLoad,
  devices: z.object({ numOnline: z.number().int(), numOffline: z.number().int() }),
  clients: z.object({ wired: z.number().int(), wifi: z.number().int() }),
  /** Online devices with at least one active alarm, and the alarms active over the fleet. */
  alarms: z.object({ devices: z.number().int(), active: z.number().int() }),
  /** Rx + Tx Mbps of the latest report, highest first. */
  topTraffic: z.array(topDevice),
  /** CPU percent of the latest heartbeat, highest first. */
  topCpu: z.array(topDevice),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;

export const dashboardWidgets = [
  'system',
  'devices',
  'clients',
  'alarms',
  'topTraffic',
  'topCpu',
  'deviceTiles',
] as const;
export type DashboardWidget = (typeof dashboardWidgets)[number];

/** The widgets shown, in order; each user's own. */
export const dashboardLayout = z.object({
  widgets: z
    .array(z.enum(dashboardWidgets))
    .max(dashboardWidgets.length)
    .refine((w) => new Set(w).size === w.length),
});
export type DashboardLayout = z.infer<typeof dashboardLayout>;
export const DEFAULT_DASHBOARD_LAYOUT: DashboardLayout = { widgets: [...dashboardWidgets] };
