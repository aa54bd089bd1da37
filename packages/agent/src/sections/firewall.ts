/**
 * Firewall -> the input and forward chains of the `inet edge` table, and a permissive fw4 so that
 * this table alone decides (the console's rules live in one place). With the firewall on:
 *   - traffic from the LAN side, and replies to connections the device or a client opened, pass;
 *   - from the WAN side, whitelisted sources pass, then the port rules accept or drop in order, then
 *     ICMP and DHCP replies pass and everything else is dropped;
 *   - nothing enters the LAN from a WAN except replies and port forwards.
 * Off: no filtering (the blacklist still applies).
 */
import type { FirewallRule, FirewallSection, WhitelistEntry } from '@edge/protocol';
import type { Fragment } from './fragment.ts';
import { portMatch } from './l4.ts';
import { nftComment, nftIp } from './nft.ts';
import type { UciSection } from './uci.ts';

/** fw4 accepts everything and masquerades nothing: zones would second-guess the edge table. */
const FW4_DEFAULTS: UciSection = {
  config: 'firewall',
  type: 'defaults',
  name: 'defaults',
  options: { input: 'ACCEPT', output: 'ACCEPT', forward: 'ACCEPT', synflood_protect: true },
};

const CONNECTION_STATE = ['ct state established,related accept', 'ct state invalid drop'];

function whitelistRule(entry: WhitelistEntry): string {
  const port = entry.port === null ? '' : ` ${portMatch('TCP/UDP', entry.port)}`;
  return `ip saddr ${nftIp(entry.ip)}${port} accept${nftComment(entry.description)}`;
}

const portRule = (rule: FirewallRule): string =>
  `${portMatch(rule.protocol, rule.port)} ${rule.action.toLowerCase()}${nftComment(rule.description)}`;

function inputRules(doc: FirewallSection): string[] {
  return [
    ...CONNECTION_STATE,
    // Everything below is about traffic from a WAN.
    'iifname != @wan_ifaces accept',
    ...doc.whitelist.map(whitelistRule),
    ...doc.rules.map(portRule),
    // Ping and path MTU discovery, and the replies of the device's own DHCP clients on its WANs.
    'meta l4proto { icmp, ipv6-icmp } accept',
    'udp dport { 68, 546 } accept',
    'drop',
  ];
}

const FORWARD_RULES = [...CONNECTION_STATE, 'ct status dnat accept', 'iifname @wan_ifaces drop'];

export function renderFirewall(doc: FirewallSection): Fragment {
  return {
    uci: [FW4_DEFAULTS],
    nft: doc.enabled ? { rules: { input: inputRules(doc), forward: FORWARD_RULES } } : {},
  };
}
