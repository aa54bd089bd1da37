/**
 * The unit an anonymous flood is counted by. An IPv4 address is one source; an IPv6 client usually holds
 * a whole /64 and can send from any address in it, so counting single IPv6 addresses would count nothing.
 */
import { isIPv6 } from 'node:net';
import { clientAddress } from '../acl/address.ts';

export function sourceOf(ip: string): string {
  const address = clientAddress(ip);
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
