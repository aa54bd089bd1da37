/**
 * What a profile's editors offer as choices, taken from the fleet: the LAN ports, WAN interfaces and
 * VLANs the devices report (their port type, WAN and VLAN sections), with the VLANs the fleet's VLAN
 * profiles create. A choice no device has would be a profile no device can take.
 */
import { z } from 'zod';
import { DEFAULT_LAN_VID } from '../networking/rules.ts';
import type { PortTypeSection } from '../networking/portType.ts';
import type { WanSection } from '../networking/wan.ts';
import type { VlanSection } from '../networking/vlan.ts';

export const profileFleetChoices = z.object({
  /** The untagged LAN and every VLAN a device reports or a VLAN profile creates, ascending. */
  vids: z.array(z.number().int()),
  /** Every WAN interface a device reports, by name. */
  wans: z.array(z.string()),
  /** Every LAN port a device reports (port type section), by name. */
  lanPorts: z.array(z.string()),
  /** How many devices have reported their port type: the fleet the choices come from. */
  devices: z.number().int(),
});
export type ProfileFleetChoices = z.infer<typeof profileFleetChoices>;

/** The reported documents the choices are read from (each distinct document once). */
export interface FleetReports {
  portType: readonly PortTypeSection[];
  wan: readonly WanSection[];
  vlan: readonly VlanSection[];
}

const sortedNames = (names: Iterable<string>) => [...new Set(names)].sort((a, b) => a.localeCompare(b));

export function fleetChoicesOf(
  reports: FleetReports,
  profileVids: readonly number[],
  devices: number,
): ProfileFleetChoices {
  const vids = [
    DEFAULT_LAN_VID,
    ...reports.vlan.flatMap((doc) => doc.list.map((v) => v.vid)),
    ...profileVids,
  ];
  return {
    vids: [...new Set(vids)].sort((a, b) => a - b),
    wans: sortedNames(reports.wan.flatMap((doc) => doc.list.map((w) => w.iface))),
    lanPorts: sortedNames(
      reports.portType.flatMap((doc) => doc.ports.filter((p) => p.type === 'LAN').map((p) => p.port)),
    ),
    devices,
  };
}
