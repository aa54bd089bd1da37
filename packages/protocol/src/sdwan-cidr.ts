/**
 * IPv4 subnets as number ranges, for the SD-WAN rules (a LAN overlapping a tunnel subnet, two linked sites'
 * LANs overlapping) and the console's address allocation: both sides must agree on what overlaps.
 */
import { isIPv4 } from './validation.ts';
import { intToIp, ipToInt } from './networking/ipv4.ts';

export interface Cidr {
  /** First address (the network address), as a number. */
  first: number;
  /** Last address (broadcast), as a number. */
  last: number;
  prefix: number;
}

/** `a.b.c.d/p` with the address being the network's own (192.168.1.0/24, not 192.168.1.5/24); null otherwise. */
export function parseCidr(text: string): Cidr | null {
  const match = /^([\d.]+)\/(\d{1,2})$/.exec(text.trim());
  if (!match || !isIPv4(match[1]!)) return null;
  const prefix = Number(match[2]);
  if (prefix > 32) return null;
  const size = 2 ** (32 - prefix);
  const first = ipToInt(match[1]!);
  if (first % size !== 0) return null;
  return { first, last: first + size - 1, prefix };
}

/** An address or a subnet (a LAN destination): an address is its /32. */
export const parseAddressOrCidr = (text: string): Cidr | null =>
  isIPv4(text.trim()) ? parseCidr(`${text.trim()}/32`) : parseCidr(text);

export const cidrText = (c: Cidr): string => `${intToIp(c.first)}/${c.prefix}`;

export const overlaps = (a: Cidr, b: Cidr): boolean => a.first <= b.last && b.first <= a.last;

export const contains = (outer: Cidr, inner: Cidr): boolean =>
  outer.first <= inner.first && inner.last <= outer.last;

/** The first pair (one of `a`, one of `b`) that overlaps, as text, or null. */
export function firstOverlap(a: readonly string[], b: readonly string[]): [string, string] | null {
  for (const x of a) {
    const cx = parseCidr(x);
    if (!cx) continue;
    for (const y of b) {
      const cy = parseCidr(y);
      if (cy && overlaps(cx, cy)) return [x, y];
    }
  }
  return null;
}
