import { CONSOLE_NODE_ID, type SdwanTopology } from '@edge/protocol';

/** Bytes a second as the map shows them: bit/s with the unit that keeps the number short. */
export function throughputText(bytesPerSecond: number): string {
  const bits = bytesPerSecond * 8;
  if (bits >= 1e9) return `${(bits / 1e9).toFixed(1)} Gbit/s`;
  if (bits >= 1e6) return `${(bits / 1e6).toFixed(1)} Mbit/s`;
  if (bits >= 1e3) return `${(bits / 1e3).toFixed(0)} kbit/s`;
  return `${Math.round(bits)} bit/s`;
}

/** The topology with the console host's relay node named in the reader's language (it is no device). */
export const withConsoleName = (topology: SdwanTopology, name: string): SdwanTopology => ({
  ...topology,
  nodes: topology.nodes.map((n) => (n.deviceId === CONSOLE_NODE_ID ? { ...n, deviceName: name } : n)),
});
