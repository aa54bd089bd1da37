/**
 * Asks the device's radio which networks it hears (multipleWan/wifiHotspot runs a scan on the device each
 * time): a mutation rather than a query, because a scan is something the user starts, never cached.
 */
import { useMutation } from '@tanstack/react-query';
import { SETTINGS_API_ROOT, type SettingsReadResponse } from '@edge/protocol';
import { api } from '../../../api/client.ts';

const SCAN_PATH = `${SETTINGS_API_ROOT}/multipleWan/wifiHotspot` as const;
export type ScanAnswer = SettingsReadResponse<typeof SCAN_PATH>;

export function useWifiScan(deviceId: string) {
  return useMutation({
    mutationFn: () => api.get<ScanAnswer>(SCAN_PATH, { query: { id: deviceId } }),
  });
}
