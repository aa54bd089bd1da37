/**
 * The device's cell data, live: the device dashboard (POST /api/v1/dashboards/get) read once, then kept
 * current by the live dashboard channel of this device (inventory/live). No polling: the
 * figures change when the device reports. Also tells whether the device has a modem at all.
 */
import { deviceCapabilities, type CellSignal, type DeviceDashboard } from '@edge/protocol';
import { useDashboard } from '../../inventory/api.ts';
import { useLiveDevice } from '../../inventory/live/useLiveInventory.ts';

export interface CellularLive {
  isLoading: boolean;
  /**
   * false: the device announced its capabilities and a modem is not among them (a wired model);
   * null: not known yet (the device has never reported, or the dashboard could not be read).
   */
  hasModem: boolean | null;
  signal: CellSignal | null;
  imei: string;
  imsi: string;
  iccid: string;
}

/** Has the device a modem? true, false, or null while it has not announced its capabilities. */
export function modemOf(dashboard: DeviceDashboard | undefined): boolean | null {
  if (!dashboard) return null;
  if (dashboard.cellular !== null || dashboard.device.capabilities.includes(deviceCapabilities.cellular))
    return true;
  return dashboard.device.capabilities.length > 0 ? false : null;
}

export function useCellularLive(deviceId: string): CellularLive {
  useLiveDevice(deviceId);
  const { data, isLoading } = useDashboard(deviceId);
  const cellular = data?.cellular ?? null;
  return {
    isLoading,
    hasModem: modemOf(data),
    signal: data?.signal ?? null,
    imei: cellular?.imei ?? '',
    imsi: cellular?.imsi ?? '',
    iccid: cellular?.iccid ?? '',
  };
}
