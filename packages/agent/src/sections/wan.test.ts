import { describe, expect, it } from 'vitest';
import type { WanSection } from '@edge/protocol';
import { renderSection } from './index.ts';
import { NFT_PATH } from './nft.ts';
import { chainRules, contextWith, uciFile } from './testFiles.ts';

const wan: WanSection = {
  list: [
    {
      iface: 'eth0',
      mode: 'static',
      ip: '203.0.113.10',
      mask: '255.255.255.0',
      gateway: '203.0.113.1',
      dns_mode: 'manual',
      dns_server_1: '8.8.8.8',
      dns_server_2: '1.1.1.1',
    },
    {
      iface: 'eth1',
      mode: 'pppoe',
      username: 'joe@isp',
      password: "pa'ss",
      auto_get_ip: false,
      ip: '100.64.0.2',
      auto_startup: true,
      dns_mode: 'auto',
      dns_server_1: '',
      dns_server_2: '',
    },
    {
      iface: 'eth2',
      mode: 'dhcp',
      dns_mode: 'manual',
      dns_server_1: '9.9.9.9',
      dns_server_2: '149.112.112.112',
    },
    {
      iface: 'wlan0',
      mode: 'wifi',
      ssid: 'Upstream',
      password: 'secret123',
      wpa: 'WPA3',
      dns_mode: 'auto',
      dns_server_1: '',
      dns_server_2: '',
    },
  ],
  savedNetworks: [],
};

describe('WAN renderer', () => {
  const { files } = renderSection('wan', wan, contextWith({ wan }));

  it('writes one interface per WAN, by mode, with distinct metrics', () => {
    expect(files['/etc/config/network']).toBe(
      uciFile(`config interface 'wan_eth0'
	option device 'eth0'
	option proto 'static'
	option ipaddr '203.0.113.10'
	option netmask '255.255.255.0'
	option gateway '203.0.113.1'
	list dns '8.8.8.8'
	list dns '1.1.1.1'
	option metric '10'

config interface 'wan_eth1'
	option device 'eth1'
	option proto 'pppoe'
	option username 'joe@isp'
	option password 'pa'\\''ss'
	option auto '1'
	option pppd_options '100.64.0.2:'
	option metric '20'

config interface 'wan_eth2'
	option device 'eth2'
	option proto 'dhcp'
	option peerdns '0'
	list dns '9.9.9.9'
	list dns '149.112.112.112'
	option metric '30'

config interface 'wan_wlan0'
	option proto 'dhcp'
	option metric '40'
`),
    );
  });

  it('joins the upstream Wi-Fi network as a client on the active radio', () => {
    expect(files['/etc/config/wireless']).toBe(
      uciFile(`config wifi-iface 'wan_wlan0'
	option device 'radio0'
	option mode 'sta'
	option network 'wan_wlan0'
	option ifname 'wlan0'
	option ssid 'Upstream'
	option encryption 'sae'
	option key 'secret123'
`),
    );
  });

  it('tells the firewall which devices face a WAN and clamps TCP MSS', () => {
    expect(files[NFT_PATH]).toContain('elements = { "eth0", "pppoe-wan_eth1", "eth2", "wlan0" }');
    expect(chainRules(files[NFT_PATH]!, 'forward')).toEqual([
      'tcp flags syn tcp option maxseg size set rt mtu',
    ]);
  });

  it('refuses a port name that makes the PPPoE device name too long', () => {
    const long: WanSection = {
      list: [{ ...wan.list[1]!, iface: 'ethernet-port1' } as WanSection['list'][number]],
      savedNetworks: [],
    };
    expect(() => renderSection('wan', long, contextWith({}))).toThrow(/15 characters/);
  });
});
