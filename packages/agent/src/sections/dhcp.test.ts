import { describe, expect, it } from 'vitest';
import { dhcpDefaults, type DhcpSection } from '@edge/protocol';
import { renderSection } from './index.ts';
import { readDhcp } from './dhcp.ts';
import { formatLeaseTime, parseLeaseTime } from './leaseTime.ts';
import { parseUci } from './uciReader.ts';
import { uciFile } from './testFiles.ts';

const dhcp: DhcpSection = {
  list: [
    dhcpDefaults.list[0]!,
    {
      vid: 10,
      description: "Staff's VLAN",
      gateway: '10.10.0.1',
      netmask: '255.255.254.0',
      address_range_1: '10.10.0.10',
      address_range_2: '10.10.1.200',
      dns: '1.1.1.1',
      maximun_lease_time: 90,
    },
  ],
};

const DNSMASQ = `config dnsmasq 'dnsmasq'
	option domainneeded '1'
	option localise_queries '1'
	option rebind_protection '1'
	option rebind_localhost '1'
	option local '/lan/'
	option domain 'lan'
	option expandhosts '1'
	option authoritative '1'
	option readethers '1'
	option leasefile '/tmp/dhcp.leases'
	option resolvfile '/tmp/resolv.conf.d/resolv.conf.auto'
	option localservice '1'
`;

describe('DHCP renderer', () => {
  it('gives each pool its VLAN interface and a dnsmasq range as offset and count', () => {
    const { files } = renderSection('dhcp', dhcp);
    expect(files['/etc/config/network']).toBe(
      uciFile(`config interface 'lan'
	option device 'br-lan.1'
	option proto 'static'
	option ipaddr '192.168.1.1'
	option netmask '255.255.255.0'

config interface 'vlan10'
	option device 'br-lan.10'
	option proto 'static'
	option ipaddr '10.10.0.1'
	option netmask '255.255.254.0'
`),
    );
    expect(files['/etc/config/dhcp']).toBe(
      uciFile(`${DNSMASQ}
config dhcp 'lan'
	option interface 'lan'
	option description 'LAN'
	option start '100'
	option limit '150'
	option leasetime '12h'
	option dhcpv4 'server'
	list dhcp_option '6,192.168.1.1'

config dhcp 'vlan10'
	option interface 'vlan10'
	option description 'Staff'\\''s VLAN'
	option start '10'
	option limit '447'
	option leasetime '90s'
	option dhcpv4 'server'
	list dhcp_option '6,1.1.1.1'
`),
    );
  });

  it('reads the pools back as they were', () => {
    const { files } = renderSection('dhcp', dhcp);
    expect(
      readDhcp(
        parseUci('network', files['/etc/config/network']!),
        parseUci('dhcp', files['/etc/config/dhcp']!),
      ),
    ).toEqual(dhcp);
  });

  it('writes lease times in the largest whole unit and reads any dnsmasq unit', () => {
    expect([60, 90, 600, 3600, 43200, 86400].map(formatLeaseTime)).toEqual([
      '1m',
      '90s',
      '10m',
      '1h',
      '12h',
      '24h',
    ]);
    expect(['90', '90s', '10m', '12h', '1d', '1w', 'soon'].map(parseLeaseTime)).toEqual([
      90,
      90,
      600,
      43200,
      86400,
      604800,
      null,
    ]);
  });
});
