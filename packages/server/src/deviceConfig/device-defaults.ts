/**
 * Where a section the console has never set and the device has never reported starts: from what the device
 * itself says where it says it (its name, its Ethernet ports), else SPEC 9's defaults. The generic
 * defaults name every device 'edge-router' with ports eth0/eth1, which is not the device in front of the user.
 */
import {
  portTypes,
  sectionDefaults,
  type PortTypeWord,
  type SectionDocs,
  type SectionKey,
} from '@edge/protocol';
import type { DeviceView } from '../devices/index.ts';

const isPortType = (word: unknown): word is PortTypeWord => portTypes.includes(word as PortTypeWord);

/** The device's reported ports as Port type rows, or null while it has not reported any. */
export function reportedPorts(device: DeviceView): SectionDocs['portType'] | null {
  const ports = device.telemetry?.ports ?? [];
  if (ports.length === 0) return null;
  return { ports: ports.map((p) => ({ port: p.name, type: isPortType(p.portType) ? p.portType : 'LAN' })) };
}

export function deviceDefaults<K extends SectionKey>(
  section: K,
  device: DeviceView | undefined,
): SectionDocs[K] {
  const defaults = structuredClone(sectionDefaults[section]);
  if (!device) return defaults;
  if (section === 'general') {
    const deviceName = device.hostname || device.name;
    return { ...(defaults as SectionDocs['general']), deviceName } as SectionDocs[K];
  }
  if (section === 'portType') return (reportedPorts(device) as SectionDocs[K] | null) ?? defaults;
  return defaults;
}
