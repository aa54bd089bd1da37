import { describe, expect, it } from 'vitest';
import type { PortTypeSection, VlanSection } from '@edge/protocol';
import { renderSection } from './index.ts';
import { readPortType } from './portType.ts';
import { parseUci } from './uciReader.ts';
import { contextWith, uciFile } from './testFiles.ts';

const portType: PortTypeSection = {
  ports: [
    { port: 'eth0', type: 'WAN' },
    { port: 'eth1', type: 'LAN' },
    { port: 'eth2', type: 'LAN' },
    { port: 'eth3', type: 'LAN' },
  ],
};
const vlan: VlanSection = {
  list: [
    { vid: 20, description: 'Guest' },
    { vid: 10, description: 'Staff' },
  ],
  ports: [
    { port: 'eth2', mode: 'access', vid: 10 },
    { port: 'eth3', mode: 'trunk', vids: '10,20' },
    // eth0 is a WAN port: a VLAN row for it is ignored.
    { port: 'eth0', mode: 'access', vid: 20 },
  ],
};

describe('port type renderer', () => {
  it('puts the LAN ports in the LAN bridge', () => {
    expect(renderSection('portType', portType).files).toEqual({
      '/etc/config/network': uciFile(`config device 'br_lan'
	option name 'br-lan'
	option type 'bridge'
	list ports 'eth1'
	list ports 'eth2'
	list ports 'eth3'
`),
    });
  });

  it('reads the port type back from the network file, WAN ports from their interfaces', () => {
    const network = parseUci(
      'network',
      renderSection('portType', portType).files['/etc/config/network']! +
        "\nconfig interface 'wan_eth0'\n\toption device 'eth0'\n\toption proto 'dhcp'\n" +
        "\nconfig interface 'wan_wwan0'\n\toption device '/sys/devices/usb1'\n\toption proto 'modemmanager'\n",
    );
    expect(readPortType(network)).toEqual(portType);
  });
});

describe('VLAN renderer', () => {
  it('makes the LAN VLAN 1 and adds access and trunk members per VLAN', () => {
    const ctx = contextWith({ portType });
    expect(renderSection('vlan', vlan, ctx).files).toEqual({
      '/etc/config/network': uciFile(`config bridge-vlan 'br_lan_1'
	option device 'br-lan'
	option vlan '1'
	list ports 'eth1:u*'
	list ports 'eth3:u*'

config bridge-vlan 'br_lan_10'
	option device 'br-lan'
	option vlan '10'
	list ports 'eth2:u*'
	list ports 'eth3:t'

config bridge-vlan 'br_lan_20'
	option device 'br-lan'
	option vlan '20'
	list ports 'eth3:t'
`),
    });
  });

  it('keeps every LAN port untagged in VLAN 1 when there is no VLAN', () => {
    const ctx = contextWith({ portType });
    expect(renderSection('vlan', { list: [], ports: [] }, ctx).files['/etc/config/network']).toBe(
      uciFile(`config bridge-vlan 'br_lan_1'
	option device 'br-lan'
	option vlan '1'
	list ports 'eth1:u*'
	list ports 'eth2:u*'
	list ports 'eth3:u*'
`),
    );
  });
});
