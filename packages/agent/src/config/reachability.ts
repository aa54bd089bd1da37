/**
 * When a simulated device loses the console, decided from its configuration alone so tests and demos
 * can cut a device off on purpose, the same way every time:
 *
 * - A cellular model reaches the console over its modem: it is cut off when the mobile network is
 *   switched off.
 * - Any other model reaches it over its Ethernet uplink, port eth0, inside the simulated provider
 *   network 10.0.0.0/8. It is cut off when eth0 is made a LAN port, when the WAN section has no entry
 *   for eth0, when that entry is a static (or PPPoE fixed) address whose IP or gateway lies outside
 *   10.0.0.0/8, or when it is a Wi-Fi client (the simulation has no access point to join).
 *   DHCP and PPPoE with an address from the provider always reach it.
 */
import { inSubnet, type SectionDocs } from '@edge/protocol';

export type SimulatedUplink = 'cellular' | 'ethernet';

export const SIMULATED_UPLINK_PORT = 'eth0';
/** The simulated provider network: 10.0.0.0/8. */
export const SIMULATED_PROVIDER = { network: '10.0.0.0', prefix: 8 } as const;

const inProvider = (ip: string): boolean =>
  inSubnet(ip, SIMULATED_PROVIDER.network, SIMULATED_PROVIDER.prefix);

export function reachesConsole(docs: SectionDocs, uplink: SimulatedUplink): boolean {
  if (uplink === 'cellular') return docs.mobileNetwork.toggle;
  const port = docs.portType.ports.find((p) => p.port === SIMULATED_UPLINK_PORT);
  if (port && port.type !== 'WAN') return false;
  const wan = docs.wan.list.find((w) => w.iface === SIMULATED_UPLINK_PORT);
  if (!wan) return false;
  switch (wan.mode) {
    case 'dhcp':
      return true;
    case 'static':
      return inProvider(wan.ip) && inProvider(wan.gateway);
    case 'pppoe':
      return wan.auto_get_ip || inProvider(wan.ip);
    case 'wifi':
      return false;
  }
}
