import { describe, expect, it } from 'vitest';
import { dhcpDefaults, dhcpMayCutOff, dhcpRangeText, dhcpSection, type DhcpPool } from './dhcp.ts';
import { issues } from './testIssues.ts';

const lan = dhcpDefaults.list[0]!;
const guest: DhcpPool = {
  ...lan,
  vid: 10,
  description: 'Guest',
  gateway: '10.10.0.1',
  address_range_1: '10.10.0.10',
  address_range_2: '10.10.0.99',
  dns: '10.10.0.1',
};
const one = (pool: unknown) => ({ list: [pool] });

describe('DHCP section', () => {
  it('accepts its default LAN pool and a VLAN pool beside it', () => {
    expect(issues(dhcpSection, dhcpDefaults)).toEqual([]);
    expect(issues(dhcpSection, { list: [lan, guest] })).toEqual([]);
  });

  it('wants description, gateway, netmask, range, DNS and lease time filled in', () => {
    const blank = {
      ...lan,
      description: ' ',
      gateway: '',
      netmask: '',
      address_range_1: '',
      address_range_2: '',
      dns: '',
      maximun_lease_time: null,
    };
    expect(issues(dhcpSection, one(blank))).toEqual([
      'list.0.description: dhcpDescriptionEmpty',
      'list.0.gateway: dhcpGatewayEmpty',
      'list.0.netmask: dhcpNetmaskEmpty',
      'list.0.address_range_1: dhcpRangeEmpty',
      'list.0.address_range_2: dhcpRangeEmpty',
      'list.0.dns: dhcpDnsEmpty',
      'list.0.maximun_lease_time: dhcpLeaseEmpty',
    ]);
  });

  it("says 'DHCP contains invalid IP.' for any bad address", () => {
    const bad = { ...lan, gateway: '192.168.1.256', netmask: '255.0.255.0', dns: '1.1.1' };
    expect(issues(dhcpSection, one(bad))).toEqual([
      'list.0.gateway: dhcpInvalidIp',
      'list.0.netmask: dhcpInvalidIp',
      'list.0.dns: dhcpInvalidIp',
    ]);
  });

  it('leases for 60 seconds or more', () => {
    expect(issues(dhcpSection, one({ ...lan, maximun_lease_time: 59 }))).toEqual([
      'list.0.maximun_lease_time: dhcpLeaseMin',
    ]);
    expect(issues(dhcpSection, one({ ...lan, maximun_lease_time: 60 }))).toEqual([]);
  });

  it('keeps the range in the subnet, in order, and the gateway out of it', () => {
    expect(issues(dhcpSection, one({ ...lan, address_range_2: '192.168.2.20' }))).toEqual([
      'list.0.address_range_1: dhcpRangeSubnet',
    ]);
    expect(
      issues(
        dhcpSection,
        one({ ...lan, address_range_1: '192.168.1.200', address_range_2: '192.168.1.100' }),
      ),
    ).toEqual(['list.0.address_range_1: dhcpRangeOrder']);
    expect(issues(dhcpSection, one({ ...lan, gateway: '192.168.1.150' }))).toEqual([
      'list.0.gateway: dhcpGatewayInRange',
    ]);
  });

  it('serves each VLAN once, each in its own subnet', () => {
    expect(issues(dhcpSection, { list: [lan, { ...guest, vid: 1 }] })).toEqual([
      'list.1.vid: dhcpVidDuplicate',
    ]);
    const clash = {
      ...guest,
      gateway: '192.168.1.1',
      address_range_1: '192.168.1.10',
      address_range_2: '192.168.1.20',
    };
    expect(issues(dhcpSection, { list: [lan, clash] })).toEqual(['list.1.gateway: ipConflict']);
    expect(issues(dhcpSection, one({ ...guest, vid: 4095 }))).toEqual(['list.0.vid: vlanIdRange']);
  });

  it('writes the default range as the SPEC words it', () => {
    expect(dhcpRangeText(lan)).toBe('192.168.1.100 to 192.168.1.249, netmask 255.255.255.0');
  });

  it('may cut off when a gateway or netmask changes or a pool goes, not for range, DNS or lease', () => {
    const base = { list: [lan, guest] };
    expect(
      dhcpMayCutOff(base, {
        list: [{ ...lan, maximun_lease_time: 3600, dns: '1.1.1.1', address_range_2: '192.168.1.200' }, guest],
      }),
    ).toBe(false);
    expect(dhcpMayCutOff(dhcpDefaults, base)).toBe(false);
    expect(dhcpMayCutOff(base, { list: [{ ...lan, gateway: '192.168.1.254' }, guest] })).toBe(true);
    expect(dhcpMayCutOff(base, { list: [lan, { ...guest, netmask: '255.255.0.0' }] })).toBe(true);
    expect(dhcpMayCutOff(base, { list: [lan] })).toBe(true);
  });
});
