/** nft matches for a protocol word of the SPEC and a destination port. */
const L4: Record<string, string> = {
  TCP: 'tcp dport',
  UDP: 'udp dport',
  // Both: match the transport header's port for either protocol.
  'TCP/UDP': 'meta l4proto { tcp, udp } th dport',
};

export function portMatch(protocol: string, port: number): string {
  const match = L4[protocol];
  if (!match || !Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`bad port match: ${protocol} ${port}`);
  return `${match} ${port}`;
}
