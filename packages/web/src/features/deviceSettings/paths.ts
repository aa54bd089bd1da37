/** Address of a device's settings screens (under the Inventory app, next to the device's dashboard). */
import type { SectionKey } from '@edge/protocol';

export const settingsPath = (id: string, section: SectionKey = 'wifi') =>
  `/desk/inventory/devices/${encodeURIComponent(id)}/settings/${section}`;
