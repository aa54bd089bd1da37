/** Addresses of the inventory's screens. */
export const INVENTORY_BASE = '/desk/inventory';
export const devicesPath = `${INVENTORY_BASE}/devices`;
export const dashboardPath = (id: string) => `${INVENTORY_BASE}/devices/${encodeURIComponent(id)}`;
