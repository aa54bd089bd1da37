/** Which networks client mode can join: those protected by WPA, since a client WAN always has a password. */
import { wifiSecurityModes, type ScannedWifiNetwork, type WifiSecurity } from '@edge/protocol';

export const joinableSecurity = (security: ScannedWifiNetwork['security']): WifiSecurity | null =>
  (wifiSecurityModes as readonly string[]).includes(security) ? (security as WifiSecurity) : null;
