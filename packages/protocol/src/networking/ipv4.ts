/**
 * IPv4 arithmetic shared by the rules (is the DHCP range inside the subnet?) and the agent's renderers
 * (OpenWrt wants a DHCP range as start offset and count; nft wants a network address).
 */
import { isIPv4 } from '../validation.ts';

/** The address as an unsigned 32-bit number; the caller has checked it with isIPv4. */
export function ipToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

export function intToIp(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}

/** The number of leading one bits of a netmask, or null when the mask is not contiguous (255.0.255.0). */
export function prefixOfNetmask(mask: string): number | null {
  if (!isIPv4(mask)) return null;
  const bits = ipToInt(mask).toString(2).padStart(32, '0');
  const prefix = bits.indexOf('0') === -1 ? 32 : bits.indexOf('0');
  return bits.slice(prefix).includes('1') ? null : prefix;
}

export const isNetmask = (mask: string): boolean => prefixOfNetmask(mask) !== null;

export function netmaskOfPrefix(prefix: number): string {
  return intToIp(prefix === 0 ? 0 : (2 ** 32 - 2 ** (32 - prefix)) >>> 0);
}

/** The first address of the subnet of `ip` with `prefix` one bits. */
export function networkOf(ip: string, prefix: number): string {
  const size = 2 ** (32 - prefix);
  return intToIp(Math.floor(ipToInt(ip) / size) * size);
}

/** Whether `ip` lies in the subnet of `gateway`/`prefix`. */
export function inSubnet(ip: string, gateway: string, prefix: number): boolean {
  return networkOf(ip, prefix) === networkOf(gateway, prefix);
}
