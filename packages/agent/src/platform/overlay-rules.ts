/**
 * A link's LAN destination rules (SPEC 3: LAN destination IP and port), enforced on the device: what this
 * node sends into the tunnel towards a peer whose link has rules may go only to those destinations (and
 * ports); answers to what the other side opened pass (conntrack). Each end filters what it sends, so
 * between them both directions are held to the rules. Pure: the iptables rule lines of the node's chain.
 */
import { contains, parseAddressOrCidr, type OverlayConfig } from '@edge/protocol';

/** The chain's rules, each as iptables arguments after `-A CHAIN`; empty when no link has rules. */
export function lanRuleLines(config: OverlayConfig): string[][] {
  const limited = config.peers.filter((p) => p.rules.length > 0);
  if (!limited.length) return [];
  const lines: string[][] = [['-m', 'conntrack', '--ctstate', 'ESTABLISHED,RELATED', '-j', 'ACCEPT']];
  const drops: string[][] = [];
  for (const peer of limited) {
    // The peer side's LANs: its allowed IPs but its own tunnel address and an exit's default route.
    const lans = peer.allowedIps
      .filter((ip) => ip !== `${peer.address}/32` && ip !== '0.0.0.0/0')
      .flatMap((ip) => {
        const cidr = parseAddressOrCidr(ip);
        return cidr ? [{ text: ip, cidr }] : [];
      });
    for (const rule of peer.rules) {
      const dst = parseAddressOrCidr(rule.ip);
      // A rule naming this side's LAN is the other end's to enforce.
      if (!dst || !lans.some((lan) => contains(lan.cidr, dst))) continue;
      if (rule.port === null) lines.push(['-d', rule.ip, '-j', 'ACCEPT']);
      else
        for (const protocol of ['tcp', 'udp'])
          lines.push(['-d', rule.ip, '-p', protocol, '--dport', String(rule.port), '-j', 'ACCEPT']);
    }
    for (const lan of lans) drops.push(['-d', lan.text, '-j', 'DROP']);
  }
  return [...lines, ...drops];
}
