import { describe, expect, it } from 'vitest';
import type { NatSection, PortForwardSection, WanSection } from '@edge/protocol';
import { renderSection } from './index.ts';
import { NFT_PATH } from './nft.ts';
import { chainRules, contextWith } from './testFiles.ts';

const rule = { ipVersion: 'IPv4', table: 'edge', chain: 'postrouting', snatIp: '', description: '' } as const;
const nat: NatSection = {
  list: [
    {
      ...rule,
      subnet: '10.20.0.0/16',
      iface: 'eth1',
      priority: 5,
      action: 'SNAT',
      snatIp: '198.51.100.2',
      description: 'branch',
    },
    {
      ...rule,
      subnet: '192.168.1.77/24',
      iface: 'eth0',
      priority: 1,
      action: 'MASQUERADE',
      description: 'LAN',
    },
    {
      ...rule,
      subnet: '10.99.0.0/24',
      iface: 'eth0',
      priority: 0,
      action: 'ACCEPT',
      description: 'VPN, no NAT',
    },
  ],
};
const pppoeWan: WanSection = {
  list: [
    {
      iface: 'eth1',
      mode: 'pppoe',
      username: 'u',
      password: 'p',
      auto_get_ip: true,
      ip: '',
      auto_startup: true,
      dns_mode: 'auto',
      dns_server_1: '',
      dns_server_2: '',
    },
  ],
  savedNetworks: [],
};

describe('NAT renderer', () => {
  it('writes postrouting rules by priority, with network addresses and the device a PPPoE WAN really uses', () => {
    const nft = renderSection('nat', nat, contextWith({ wan: pppoeWan })).files[NFT_PATH]!;
    expect(chainRules(nft, 'postrouting')).toEqual([
      'oifname "eth0" ip saddr 10.99.0.0/24 accept comment "VPN, no NAT"',
      'oifname "eth0" ip saddr 192.168.1.0/24 masquerade comment "LAN"',
      'oifname "pppoe-wan_eth1" ip saddr 10.20.0.0/16 snat ip to 198.51.100.2 comment "branch"',
    ]);
    expect(chainRules(nft, 'prerouting')).toEqual([]);
  });

  it('renders nothing without rules', () => expect(renderSection('nat', { list: [] }).files).toEqual({}));
});

describe('port forwarding renderer', () => {
  it('writes a dnat rule per forward', () => {
    const forwards: PortForwardSection = {
      list: [
        {
          internalIp: '192.168.1.10',
          internalPort: 80,
          protocol: 'TCP',
          externalIface: 'eth0',
          externalPort: 8080,
          description: 'web',
        },
        {
          internalIp: '192.168.1.11',
          internalPort: 5060,
          protocol: 'UDP',
          externalIface: 'eth1',
          externalPort: 5060,
          description: '',
        },
      ],
    };
    const nft = renderSection('portForward', forwards, contextWith({ wan: pppoeWan })).files[NFT_PATH]!;
    expect(chainRules(nft, 'prerouting')).toEqual([
      'iifname "eth0" tcp dport 8080 dnat ip to 192.168.1.10:80 comment "web"',
      'iifname "pppoe-wan_eth1" udp dport 5060 dnat ip to 192.168.1.11:5060',
    ]);
  });
});
