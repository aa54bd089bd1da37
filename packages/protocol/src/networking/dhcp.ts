/**
 * DHCP server (SPEC 2, 3): per VLAN (vid 1 is the untagged LAN), the device's own address there (the
 * form's "Gateway / Management IP"; the profile template calls it `gateway`), the netmask, the range
 * handed out, the DNS server given to clients and the maximum lease time. Field names are those of the
 * SPEC's profile template, `maximun_lease_time` (sic) included, so templates and devices round-trip.
 */
import { z } from 'zod';
import { report, selected, text, wholeNumber } from './fields.ts';
import {
  DEFAULT_LAN_VID,
  dhcpRangeRule,
  duplicateIndex,
  ipFieldRule,
  lanVidRule,
  leaseTimeRule,
  netmaskFieldRule,
  notEmptyRule,
} from './rules.ts';
import { inSubnet, ipToInt, prefixOfNetmask } from './ipv4.ts';
import { isIPv4 } from '../validation.ts';
import { call, deviceQuery, deviceVidQuery, forDevice } from './calls.ts';

/** A year: longer leases are a typo, and dnsmasq keeps seconds in 32 bits. */
export const DHCP_MAX_LEASE_S = 31_536_000;

const dhcpIp = (emptyCode: 'dhcpGatewayEmpty' | 'dhcpRangeEmpty' | 'dhcpDnsEmpty') =>
  text(ipFieldRule(emptyCode, 'dhcpInvalidIp'));

export const dhcpPool = z
  .object({
    vid: selected(wholeNumber(lanVidRule), 'vlanIdRequired'),
    description: text(notEmptyRule('dhcpDescriptionEmpty')),
    gateway: dhcpIp('dhcpGatewayEmpty'),
    netmask: text(netmaskFieldRule('dhcpNetmaskEmpty', 'dhcpInvalidIp')),
    /** First and last address handed out. */
    address_range_1: dhcpIp('dhcpRangeEmpty'),
    address_range_2: dhcpIp('dhcpRangeEmpty'),
    dns: dhcpIp('dhcpDnsEmpty'),
    /** Seconds (SPEC 9: at least 60). */
    maximun_lease_time: selected(wholeNumber(leaseTimeRule, DHCP_MAX_LEASE_S), 'dhcpLeaseEmpty'),
  })
  .superRefine((pool, ctx) => {
    const range = {
      gateway: pool.gateway,
      netmask: pool.netmask,
      start: pool.address_range_1,
      end: pool.address_range_2,
    };
    report(ctx, dhcpRangeRule(range), ['address_range_1']);
    // Handing out the device's own address would give two hosts the same IP.
    if (isIPv4(pool.gateway) && isIPv4(pool.address_range_1) && isIPv4(pool.address_range_2)) {
      const g = ipToInt(pool.gateway);
      if (g >= ipToInt(pool.address_range_1) && g <= ipToInt(pool.address_range_2))
        report(ctx, 'dhcpGatewayInRange', ['gateway']);
    }
  });
export type DhcpPool = z.infer<typeof dhcpPool>;

export const dhcpSection = z.object({ list: z.array(dhcpPool) }).superRefine((doc, ctx) => {
  const dup = duplicateIndex(doc.list.map((p) => p.vid));
  if (dup >= 0) report(ctx, 'dhcpVidDuplicate', ['list', dup, 'vid']);
  const overlap = overlappingPool(doc.list);
  if (overlap >= 0) report(ctx, 'ipConflict', ['list', overlap, 'gateway']);
});
export type DhcpSection = z.infer<typeof dhcpSection>;

/** The index of a pool whose subnet overlaps an earlier one's (two VLANs cannot share a subnet), or -1. */
function overlappingPool(pools: readonly DhcpPool[]): number {
  return pools.findIndex((pool, i) =>
    pools.slice(0, i).some((other) => {
      const a = prefixOfNetmask(pool.netmask);
      const b = prefixOfNetmask(other.netmask);
      if (a === null || b === null || !isIPv4(pool.gateway) || !isIPv4(other.gateway)) return false;
      return inSubnet(pool.gateway, other.gateway, Math.min(a, b));
    }),
  );
}

/** The OpenWrt LAN: 192.168.1.1/24 handing out .100 to .249 for 12 hours. */
export const dhcpDefaults: DhcpSection = {
  list: [
    {
      vid: DEFAULT_LAN_VID,
      description: 'LAN',
      gateway: '192.168.1.1',
      netmask: '255.255.255.0',
      address_range_1: '192.168.1.100',
      address_range_2: '192.168.1.249',
      dns: '192.168.1.1',
      maximun_lease_time: 43200,
    },
  ],
};

/** SPEC 9 "Default DHCP range: {ip} to {ip}, netmask {ip}". */
export const dhcpRangeText = (
  pool: Pick<DhcpPool, 'address_range_1' | 'address_range_2' | 'netmask'>,
): string => `${pool.address_range_1} to ${pool.address_range_2}, netmask ${pool.netmask}`;

export const dhcpRemoveRequest = forDevice(
  z.object({ vid: selected(wholeNumber(lanVidRule), 'vlanIdRequired') }),
);

export const dhcpCalls = [
  call('dhcp', 'GET', 'dhcp/getList', deviceQuery),
  call('dhcp', 'GET', 'dhcp/getVID', deviceQuery),
  call('dhcp', 'GET', 'dhcp/info', deviceVidQuery),
  call('dhcp', 'PATCH', 'dhcp/setting', forDevice(dhcpPool)),
  call('dhcp', 'DELETE', 'dhcp/removeDHCP', dhcpRemoveRequest),
];

/**
 * The browser reaches the device at a pool's gateway (SPEC 4: the browser IP changes after the DHCP
 * gateway is modified), so changing a gateway or netmask, or removing a pool, can cut the user off.
 * Adding a pool or changing its range, DNS or lease cannot.
 */
export function dhcpMayCutOff(before: DhcpSection, after: DhcpSection): boolean {
  return before.list.some((old) => {
    const now = after.list.find((p) => p.vid === old.vid);
    return !now || now.gateway !== old.gateway || now.netmask !== old.netmask;
  });
}
