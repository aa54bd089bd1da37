/**
 * Asks the device's radio which networks it hears (multipleWan/wifiHotspot runs a scan on the device each
 * time): a mutation rather than a query, because a scan is something the user starts, never cached.
 */
import { useMutation } from '@tanstack/react-query';
import type { SETTINGS_API_ROOT, SettingsReadResponse } from '@edge/protocol';
import { callWith } from '../../../api/call.ts';
import { settingsEndpoint } from '../api.ts';

const SCAN = 'multipleWan/wifiHotspot';
export type ScanAnswer = SettingsReadResponse<`${typeof SETTINGS_API_ROOT}/${typeof SCAN}`>;

export function useWifiScan(deviceId: string) {
  return useMutation({
    mutationFn: () => callWith(settingsEndpoint(SCAN), { id: deviceId }) as Promise<ScanAnswer>,
  });
}
