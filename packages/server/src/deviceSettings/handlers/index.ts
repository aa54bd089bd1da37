/** Every settings call's handler, found by method and path; each call of `settingsCalls` has exactly one. */
import type { SettingsCall } from '@edge/protocol';
import type { SettingsHandler } from './types.ts';
import { portTypeHandlers } from './portType.ts';
import { mobileNetworkHandlers } from './mobileNetwork.ts';
import { wifiHandlers } from './wifi.ts';
import { wanHandlers } from './wan.ts';
import { multipleWanHandlers } from './multipleWan.ts';
import { tableHandlers } from './tables.ts';
import { dhcpHandlers } from './dhcp.ts';
import { vlanHandlers } from './vlan.ts';
import { generalHandlers } from './general.ts';
import { clientsHandlers } from './clients.ts';

export type { SettingsHandler } from './types.ts';

export const settingsHandlers: readonly SettingsHandler[] = [
  ...portTypeHandlers,
  ...mobileNetworkHandlers,
  ...wifiHandlers,
  ...wanHandlers,
  ...multipleWanHandlers,
  ...tableHandlers,
  ...dhcpHandlers,
  ...vlanHandlers,
  ...generalHandlers,
  ...clientsHandlers,
];

const byRoute = new Map(settingsHandlers.map((h) => [`${h.method} ${h.path}`, h]));

/** The handler of a call; a call without one is a programming error, caught when the routes register. */
export function handlerFor(call: SettingsCall): SettingsHandler {
  const handler = byRoute.get(`${call.method} ${call.path}`);
  if (!handler || handler.section !== call.section)
    throw new Error(`no handler for ${call.method} ${call.path} (${call.section})`);
  return handler;
}
