/**
 * Clients -> the blacklist: blocked MACs are dropped before any other rule, both traffic to the device
 * and traffic it would route, whatever the firewall switch says.
 */
import type { ClientsSection } from '@edge/protocol';
import type { Fragment } from './fragment.ts';
import { nftMac } from './nft.ts';

const DROP_BLOCKED = 'ether saddr @blocked_macs drop';

export function renderClients(doc: ClientsSection): Fragment {
  if (doc.blacklist.length === 0) return { uci: [], nft: {} };
  return {
    uci: [],
    nft: {
      elements: { blocked_macs: doc.blacklist.map((c) => nftMac(c.mac)) },
      rules: { input: [DROP_BLOCKED], forward: [DROP_BLOCKED] },
    },
  };
}
