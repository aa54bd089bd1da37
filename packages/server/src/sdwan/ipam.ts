/**
 * Tunnel address management: nodes get addresses from the tunnel subnets' ranges, never one already held,
 * and a tunnel subnet may overlap neither another tunnel subnet nor a site's LAN (a tunnel address inside a
 * LAN would be routed into the tunnel and out of reach of the LAN itself).
 */
import { intToIp, ipToInt, overlaps, parseAddressOrCidr, parseCidr } from '@edge/protocol';

export interface TunnelSubnet {
  id?: number;
  cidr: string;
  rangeStart: string;
  rangeEnd: string;
}

/** The first and last address nodes may get in a subnet: its range, or all but network and broadcast. */
export function rangeOf(subnet: TunnelSubnet): { first: number; last: number } {
  const c = parseCidr(subnet.cidr)!;
  return {
    first: subnet.rangeStart ? parseAddressOrCidr(subnet.rangeStart)!.first : c.first + 1,
    last: subnet.rangeEnd ? parseAddressOrCidr(subnet.rangeEnd)!.first : c.last - 1,
  };
}

export const rangeSize = (subnet: TunnelSubnet): number => {
  const r = rangeOf(subnet);
  return r.last - r.first + 1;
};

/**
 * What a new or changed subnet overlaps (another subnet, by id, or a LAN), or null. `self` is left out: an
 * edited subnet may overlap its former self.
 */
export function subnetConflict(
  candidate: string,
  subnets: readonly TunnelSubnet[],
  lans: readonly string[],
  self?: number,
): string | null {
  const c = parseCidr(candidate);
  if (!c) return candidate;
  for (const other of subnets) {
    if (other.id !== undefined && other.id === self) continue;
    const o = parseCidr(other.cidr);
    if (o && overlaps(c, o)) return other.cidr;
  }
  for (const lan of lans) {
    const l = parseCidr(lan);
    if (l && overlaps(c, l)) return lan;
  }
  return null;
}

/** Whether a LAN overlaps a tunnel subnet (the other direction of the same rule), naming the subnet. */
export const lanConflict = (lan: string, subnets: readonly TunnelSubnet[]): string | null =>
  subnetConflict(lan, subnets, []);

/**
 * Hands out free addresses. `used` holds the addresses already given (any subnet); each allocation adds
 * to it, so one allocator serves a batch without handing out the same address twice.
 */
export function allocator(subnets: readonly TunnelSubnet[], used: Iterable<string>) {
  const taken = new Set<number>();
  for (const ip of used) taken.add(ipToInt(ip));
  // Per subnet, where the next search starts: a batch of n allocations stays O(n + range) overall.
  const cursors = subnets.map((s) => rangeOf(s).first);
  return {
    next(): string | null {
      for (let i = 0; i < subnets.length; i++) {
        const { last } = rangeOf(subnets[i]!);
        for (let n = cursors[i]!; n <= last; n++) {
          if (taken.has(n)) continue;
          taken.add(n);
          cursors[i] = n + 1;
          return intToIp(n);
        }
        cursors[i] = last + 1;
      }
      return null;
    },
    release(ip: string): void {
      taken.delete(ipToInt(ip));
    },
  };
}

/** Which subnet an address belongs to, for its prefix; null when none holds it any more. */
export function subnetOf(ip: string, subnets: readonly TunnelSubnet[]): TunnelSubnet | null {
  const a = ipToInt(ip);
  return (
    subnets.find((s) => {
      const c = parseCidr(s.cidr);
      return c && c.first <= a && a <= c.last;
    }) ?? null
  );
}
