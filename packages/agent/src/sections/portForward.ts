/** Port forwarding -> dnat rules in the prerouting chain of the `inet edge` table. */
import type { PortForward, PortForwardSection } from '@edge/protocol';
import type { RenderContext } from './context.ts';
import type { Fragment } from './fragment.ts';
import { portMatch } from './l4.ts';
import { nftComment, nftIfname, nftIp } from './nft.ts';

function dnatRule(forward: PortForward, ctx: Pick<RenderContext, 'wanDevices'>): string {
  const device = nftIfname(ctx.wanDevices.get(forward.externalIface) ?? forward.externalIface);
  const target = `${nftIp(forward.internalIp)}:${forward.internalPort}`;
  return `iifname ${device} ${portMatch(forward.protocol, forward.externalPort)} dnat ip to ${target}${nftComment(forward.description)}`;
}

export function renderPortForward(doc: PortForwardSection, ctx: Pick<RenderContext, 'wanDevices'>): Fragment {
  const rules = doc.list.map((f) => dnatRule(f, ctx));
  return { uci: [], nft: rules.length ? { rules: { prerouting: rules } } : {} };
}
