/**
 * The rows of the port table: every LAN port of the device (port type section) with its VLAN mode. A port
 * the VLAN document does not list is untagged in the LAN (vlan.ts), so it shows as access in VLAN 1, and
 * such rows are left out again when the document is written: the document lists only what differs.
 */
import { DEFAULT_LAN_VID, type VlanPort } from '@edge/protocol';

const untaggedLan = (port: string): VlanPort => ({ port, mode: 'access', vid: DEFAULT_LAN_VID });

const isUntaggedLan = (row: VlanPort): boolean => row.mode === 'access' && row.vid === DEFAULT_LAN_VID;

/** The LAN ports in order, then any port the document lists that is no longer a LAN port (kept, not lost). */
export function portRows(lanPorts: readonly string[], ports: readonly VlanPort[]): VlanPort[] {
  const listed = lanPorts.map((name) => ports.find((p) => p.port === name) ?? untaggedLan(name));
  return [...listed, ...ports.filter((p) => !lanPorts.includes(p.port))];
}

/** The LAN ports of a port type document, in order. */
export const lanPortsOf = (ports: readonly { port: string; type: string }[]): string[] =>
  ports.filter((p) => p.type === 'LAN').map((p) => p.port);

export const portsOf = (rows: readonly VlanPort[]): VlanPort[] => rows.filter((row) => !isUntaggedLan(row));
