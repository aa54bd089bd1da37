/** Port type -> the LAN bridge's member ports in /etc/config/network. WAN ports get their interfaces from wan.ts. */
import type { PortTypeSection } from '@edge/protocol';
import type { Fragment } from './fragment.ts';
import { LAN_BRIDGE, uciName } from './names.ts';
import type { UciSection } from './uci.ts';
import { list, opt } from './uciReader.ts';

export const lanPorts = (doc: PortTypeSection): string[] =>
  doc.ports.filter((p) => p.type === 'LAN').map((p) => p.port);

export function renderPortType(doc: PortTypeSection): Fragment {
  return {
    uci: [
      {
        config: 'network',
        type: 'device',
        name: uciName(LAN_BRIDGE),
        options: { name: LAN_BRIDGE, type: 'bridge', ports: lanPorts(doc) },
      },
    ],
    nft: {},
  };
}

/**
 * Reads the port type back: the bridge's ports are LAN; a port that carries a WAN interface is WAN.
 * (A Wi-Fi or cellular WAN has no port: it is not in the port type.)
 */
export function readPortType(network: readonly UciSection[]): PortTypeSection {
  const bridge = network.find((s) => s.type === 'device' && opt(s, 'name') === LAN_BRIDGE);
  const lan = list(bridge, 'ports');
  const wan = network
    .filter((s) => s.type === 'interface' && s.name.startsWith('wan_') && opt(s, 'proto') !== 'modemmanager')
    .map((s) => opt(s, 'device'))
    .filter((device): device is string => device !== undefined && !lan.includes(device));
  return {
    ports: [
      ...wan.map((port) => ({ port, type: 'WAN' as const })),
      ...lan.map((port) => ({ port, type: 'LAN' as const })),
    ],
  };
}
