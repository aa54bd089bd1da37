/**
 * Names the renderers must agree on: a VLAN's network and bridge device, a WAN's network and the
 * device its traffic leaves by. One place, so the DHCP pool, the SSID and the mwan3 rule of VLAN 10
 * all point at the same `vlan10`.
 */
import { DEFAULT_LAN_VID } from '@edge/protocol';

/** UCI section names allow letters, digits and underscores only. */
export const uciName = (text: string): string => text.replace(/[^A-Za-z0-9_]/g, '_');

export const LAN_BRIDGE = 'br-lan';

/** The network of a VLAN: the LAN keeps OpenWrt's name `lan`. */
export const lanNetwork = (vid: number): string => (vid === DEFAULT_LAN_VID ? 'lan' : `vlan${vid}`);

/** The VLAN ID of a network named by lanNetwork, or null for any other network. */
export function vidOfNetwork(network: string): number | null {
  if (network === 'lan') return DEFAULT_LAN_VID;
  const match = /^vlan(\d+)$/.exec(network);
  return match ? Number(match[1]) : null;
}

/** With VLAN filtering on the bridge (always, see vlan.ts) each VLAN is the bridge's `.vid` device. */
export const lanDevice = (vid: number): string => `${LAN_BRIDGE}.${vid}`;

/** The network of a WAN interface, e.g. wan_eth0. */
export const wanNetwork = (iface: string): string => `wan_${uciName(iface)}`;

/** pppd names its device `pppoe-<network>`; Linux allows 15 characters. */
export function pppoeDevice(iface: string): string {
  const name = `pppoe-${wanNetwork(iface)}`;
  if (name.length > 15)
    throw new Error(`PPPoE device name ${name} is longer than 15 characters; use a shorter port name`);
  return name;
}

/**
 * Routes on separate WANs need distinct metrics (mwan3 requires it): WAN rows get 10, 20, ...;
 * cellular comes after any wired WAN.
 */
export const wanMetric = (index: number): number => 10 * (index + 1);
export const MOBILE_METRIC = 90;
