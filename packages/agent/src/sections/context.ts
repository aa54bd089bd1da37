/**
 * What a renderer may know beyond its own section: the hardware (radios, modem), and the few facts
 * other sections decide (which ports are LAN, each VLAN's subnet, the device each WAN's traffic uses).
 * `contextFor` derives those facts from the section documents, so no renderer reads another's document.
 */
import { netmaskOfPrefix, networkOf, prefixOfNetmask, type SectionDocs, type WifiBand } from '@edge/protocol';
import { lanPorts } from './portType.ts';
import { wanDevice } from './wan.ts';

export interface Radio {
  /** The wifi-device section, e.g. radio0. */
  name: string;
  /** Its `path` option, which ties the section to the hardware. */
  path: string;
  type: string;
  band: WifiBand;
}

export interface DeviceHardware {
  radios: readonly Radio[];
  /** ModemManager's device (sysfs path) and the network device the modem brings up; null without a modem. */
  modem: { device: string; netdev: string } | null;
  /** The most the radios may transmit, in dBm; TX power 100 % is this. */
  maxTxPowerDbm: number;
}

export interface RenderContext {
  hardware: DeviceHardware;
  /** The ports of the LAN bridge (port type LAN). */
  lanPorts: readonly string[];
  /** The radio the Wi-Fi section uses; client mode (a Wi-Fi WAN) uses it too. */
  activeRadio: Radio | undefined;
  /** VLAN ID -> its subnet as A.B.C.D/n, for VLANs that have a DHCP pool. */
  vlanSubnets: ReadonlyMap<number, string>;
  /** WAN interface -> the network device its traffic uses (pppoe-wan_eth0 for PPPoE). */
  wanDevices: ReadonlyMap<string, string>;
}

/** A dual-band router with a cellular modem, the shape of the agent's test devices. */
export const defaultHardware: DeviceHardware = {
  radios: [
    { name: 'radio0', path: 'platform/soc/18000000.wifi', type: 'mac80211', band: '2.4G' },
    { name: 'radio1', path: 'platform/soc/18000000.wifi+1', type: 'mac80211', band: '5G' },
  ],
  modem: { device: '/sys/devices/platform/soc/11200000.usb/usb1/1-1', netdev: 'wwan0' },
  maxTxPowerDbm: 20,
};

export function contextFor(docs: SectionDocs, hardware: DeviceHardware = defaultHardware): RenderContext {
  const vlanSubnets = new Map<number, string>();
  for (const pool of docs.dhcp.list) {
    const prefix = prefixOfNetmask(pool.netmask);
    if (prefix !== null) vlanSubnets.set(pool.vid, `${networkOf(pool.gateway, prefix)}/${prefix}`);
  }
  const wanDevices = new Map<string, string>(docs.wan.list.map((w) => [w.iface, wanDevice(w)]));
  if (hardware.modem) wanDevices.set(hardware.modem.netdev, hardware.modem.netdev);
  return {
    hardware,
    lanPorts: lanPorts(docs.portType),
    activeRadio: hardware.radios.find((r) => r.band === docs.wifi.mode),
    vlanSubnets,
    wanDevices,
  };
}

/** Splits A.B.C.D/n into the network address and netmask. */
export function subnetParts(cidr: string): { network: string; netmask: string } {
  const [ip, prefix] = cidr.split('/');
  return { network: ip!, netmask: netmaskOfPrefix(Number(prefix)) };
}
