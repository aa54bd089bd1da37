/**
 * VLAN -> bridge VLANs of the LAN bridge in /etc/config/network. VLAN filtering is always on, with the
 * LAN as VLAN 1, so every other renderer can name a VLAN's device `br-lan.<vid>` without asking
 * whether VLANs exist. Access ports are untagged members of their VLAN (and it is their PVID); trunk
 * ports are tagged members of their VLANs and untagged in the LAN; ports not listed are access ports
 * of the LAN.
 */
import { DEFAULT_LAN_VID, vlansOfPort, type VlanPort, type VlanSection } from '@edge/protocol';
import type { RenderContext } from './context.ts';
import type { Fragment } from './fragment.ts';
import { LAN_BRIDGE, uciName } from './names.ts';

/** The bridge-vlan `ports` entry of a port in VLAN `vid`, or null when it is not a member. */
function membership(port: VlanPort, vid: number): string | null {
  const untaggedIn = port.mode === 'access' ? port.vid : DEFAULT_LAN_VID;
  if (vid === untaggedIn) return `${port.port}:u*`;
  return vlansOfPort(port).includes(vid) ? `${port.port}:t` : null;
}

export function renderVlan(doc: VlanSection, ctx: Pick<RenderContext, 'lanPorts'>): Fragment {
  // A VLAN row for a port that is not a LAN port (any more) is ignored: only bridge ports can be members.
  const ports = ctx.lanPorts.map(
    (name): VlanPort =>
      doc.ports.find((p) => p.port === name) ?? { port: name, mode: 'access', vid: DEFAULT_LAN_VID },
  );
  const vids = [DEFAULT_LAN_VID, ...doc.list.map((v) => v.vid).sort((a, b) => a - b)];
  return {
    uci: vids.map((vid) => ({
      config: 'network',
      type: 'bridge-vlan',
      name: `${uciName(LAN_BRIDGE)}_${vid}`,
      options: {
        device: LAN_BRIDGE,
        vlan: vid,
        ports: ports.map((p) => membership(p, vid)).filter((m): m is string => m !== null),
      },
    })),
    nft: {},
  };
}
