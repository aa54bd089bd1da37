/** Address of a device's settings screens (under the Inventory app, next to the device's dashboard). */
import type { SectionKey } from '@edge/protocol';

export const settingsPath = (id: string, section: SectionKey = 'wifi') =>
  `/desk/inventory/devices/${encodeURIComponent(id)}/settings/${section}`;

/** WAN opened on its Wi-Fi client view (saved and available networks), whatever the connection type now. */
export const WAN_MODE_PARAM = 'mode';
export const wifiClientPath = (id: string) => `${settingsPath(id, 'wan')}?${WAN_MODE_PARAM}=wifi`;
