/**
 * The device's own nftables table, `inet edge`: firewall, NAT and port forwarding rules the console
 * manages. fw4 (OpenWrt's firewall) includes files under /usr/share/nftables.d/ruleset-post/ after its
 * own table, so this table is loaded on every firewall reload; /etc/nftables.d/ would not do, fw4
 * includes that *inside* its own table where a `table` statement is a syntax error.
 *
 * Sections add rules to the fixed chains and elements to the fixed sets; this file renders the table
 * and holds the helpers that make values safe inside nft syntax.
 */
import { isIPv4, isInterfaceName } from '@edge/protocol';
import { spaceControlChars } from './controlChars.ts';

export const NFT_PATH = '/usr/share/nftables.d/ruleset-post/edge.nft';
export const NFT_TABLE = 'inet edge';

/**
 * Base chains. Filter chains run just before fw4's (priority filter - 5) so a drop here wins; NAT
 * chains use the standard dstnat / srcnat priorities. All accept by default: a rule drops explicitly.
 */
export const NFT_CHAINS = {
  input: 'type filter hook input priority filter - 5; policy accept;',
  forward: 'type filter hook forward priority filter - 5; policy accept;',
  prerouting: 'type nat hook prerouting priority dstnat; policy accept;',
  postrouting: 'type nat hook postrouting priority srcnat; policy accept;',
} as const;
export type NftChain = keyof typeof NFT_CHAINS;

/** Named sets: the interfaces facing a WAN (kept by the WAN sections) and the blacklisted MACs. */
export const NFT_SETS = {
  wan_ifaces: 'type ifname;',
  blocked_macs: 'type ether_addr;',
} as const;
export type NftSet = keyof typeof NFT_SETS;

export interface NftPart {
  rules?: Partial<Record<NftChain, readonly string[]>>;
  elements?: Partial<Record<NftSet, readonly string[]>>;
}

/** An interface name in double quotes; anything but a plain interface name is refused. */
export function nftIfname(name: string): string {
  if (!isInterfaceName(name)) throw new Error(`not an interface name: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

export function nftIp(ip: string): string {
  if (!isIPv4(ip)) throw new Error(`not an IPv4 address: ${JSON.stringify(ip)}`);
  return ip;
}

export function nftMac(mac: string): string {
  if (!/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i.test(mac))
    throw new Error(`not a MAC address: ${JSON.stringify(mac)}`);
  return mac.toLowerCase();
}

/** nft comments hold at most 128 bytes. */
const COMMENT_MAX_BYTES = 128;

/**
 * ` comment "..."` for free text, or '' when there is none. nft strings have no escape for a double
 * quote, so quotes and backslashes are dropped and control characters become spaces; the text is cut
 * to 128 bytes.
 */
export function nftComment(text: string): string {
  let clean = spaceControlChars(text.replace(/["\\]/g, '')).trim();
  const bytes = new TextEncoder();
  while (bytes.encode(clean).length > COMMENT_MAX_BYTES) clean = [...clean].slice(0, -1).join('');
  return clean ? ` comment "${clean}"` : '';
}

/**
 * The whole file. It first creates and deletes the table, so loading the file again (every fw4
 * reload) replaces the table instead of adding a second copy of each rule.
 */
export function renderNft(part: NftPart): string {
  const sets = (Object.keys(NFT_SETS) as NftSet[]).map((name) => {
    const elements = [...new Set(part.elements?.[name] ?? [])];
    const body = [
      `\t\t${NFT_SETS[name]}`,
      ...(elements.length ? [`\t\telements = { ${elements.join(', ')} }`] : []),
    ];
    return [`\tset ${name} {`, ...body, '\t}'].join('\n');
  });
  const chains = (Object.keys(NFT_CHAINS) as NftChain[]).map((name) =>
    [
      `\tchain ${name} {`,
      `\t\t${NFT_CHAINS[name]}`,
      ...(part.rules?.[name] ?? []).map((r) => `\t\t${r}`),
      '\t}',
    ].join('\n'),
  );
  return [
    '# Written by the Edge Console agent: changes made here are replaced on the next apply.',
    `table ${NFT_TABLE}`,
    `delete table ${NFT_TABLE}`,
    '',
    `table ${NFT_TABLE} {`,
    [...sets, ...chains].join('\n\n'),
    '}',
    '',
  ].join('\n');
}
