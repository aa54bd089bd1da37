/**
 * The Clients app (issue 18, SPEC 2 "Client list"): every client any device has reported, wired or Wi-Fi,
 * searched by name or IP, filtered by device or group, paged by the server (100,000 clients). Block,
 * unblock and unlink go through the device's own settings (deviceSettings clients/...), with their rules.
 */
import { z } from 'zod';
import { clientKinds } from './device-messages.ts';
import { messages } from './messages.ts';
import { pageField, pageSizeField } from './inventory.ts';

export const CLIENTS_API = '/api/v1/clients';

export const clientListQuery = z.object({
  page: pageField,
  pageSize: pageSizeField,
  /** Part of the host name, IP or MAC. */
  search: z.string().trim().max(128).optional(),
  deviceId: z.string().trim().max(64).optional(),
  groupId: z.coerce.number({ error: messages.invalidRequest }).int().positive().optional(),
});
export type ClientListQuery = z.input<typeof clientListQuery>;

export const clientBlockChanges = ['blocking', 'unblocking'] as const;
export type ClientBlockChange = (typeof clientBlockChanges)[number];

export const clientRow = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  mac: z.string(),
  kind: z.enum(clientKinds),
  hostname: z.string(),
  ip: z.string(),
  iface: z.string(),
  ssid: z.string(),
  /** dBm, Wi-Fi only. */
  signal: z.number().nullable(),
  rxBytes: z.number(),
  txBytes: z.number(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  /** In the device's latest report. */
  connected: z.boolean(),
  /** In the MAC blacklist the device reported it applied (not merely the one asked of it). */
  blocked: z.boolean(),
  /**
   * A block or unblock of this client asked of the device and not applied by it yet (its configuration
   * being sent, or waiting for the device to come back); null when none is under way. A change the device
   * refused or rolled back is not under way: the client shows as the device has it.
   */
  blockChange: z.enum(clientBlockChanges).nullable(),
});
export type ClientRow = z.infer<typeof clientRow>;

export const clientListResponse = z.object({
  list: z.array(clientRow),
  totalNumber: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ClientListResponse = z.infer<typeof clientListResponse>;
