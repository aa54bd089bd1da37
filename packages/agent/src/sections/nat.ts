/**
 * NAT -> the postrouting chain of the `inet edge` table: per rule, traffic from the source subnet
 * leaving by the interface is masqueraded, rewritten to a fixed address (snat) or left alone (accept),
 * lower priority first.
 */
import { networkOf, type NatRule, type NatSection } from '@edge/protocol';
import type { RenderContext } from './context.ts';
import type { Fragment } from './fragment.ts';
import { nftComment, nftIfname, nftIp } from './nft.ts';

const VERDICT: Record<NatRule['action'], (rule: NatRule) => string> = {
  MASQUERADE: () => 'masquerade',
  SNAT: (rule) => `snat ip to ${nftIp(rule.snatIp)}`,
  ACCEPT: () => 'accept',
};

/** The subnet as its network address: 192.168.1.7/24 matches like 192.168.1.0/24, and nft wants the latter. */
function source(subnet: string): string {
  const [ip, prefix] = subnet.split('/');
  return `${networkOf(nftIp(ip!), Number(prefix))}/${Number(prefix)}`;
}

export function renderNat(doc: NatSection, ctx: Pick<RenderContext, 'wanDevices'>): Fragment {
  const rules = [...doc.list]
    .sort((a, b) => a.priority - b.priority)
    .map((rule) => {
      const device = nftIfname(ctx.wanDevices.get(rule.iface) ?? rule.iface);
      return `oifname ${device} ip saddr ${source(rule.subnet)} ${VERDICT[rule.action](rule)}${nftComment(rule.description)}`;
    });
  return { uci: [], nft: rules.length ? { rules: { postrouting: rules } } : {} };
}
