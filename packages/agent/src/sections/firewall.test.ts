import { describe, expect, it } from 'vitest';
import { firewallDefaults, type FirewallSection } from '@edge/protocol';
import { renderSection } from './index.ts';
import { NFT_PATH } from './nft.ts';
import { chainRules, uciFile } from './testFiles.ts';

const firewall: FirewallSection = {
  enabled: true,
  whitelist: [
    { ip: '203.0.113.7', port: null, description: 'office' },
    { ip: '198.51.100.9', port: 443, description: 'monitor "probe"' },
  ],
  rules: [
    { port: 22, protocol: 'TCP', action: 'ACCEPT', description: 'SSH' },
    { port: 161, protocol: 'UDP', action: 'DROP', description: '' },
    { port: 8080, protocol: 'TCP/UDP', action: 'DROP', description: 'alt web' },
  ],
};

describe('firewall renderer', () => {
  const { files } = renderSection('firewall', firewall);

  it('leaves fw4 permissive, so the edge table alone decides', () => {
    expect(files['/etc/config/firewall']).toBe(
      uciFile(`config defaults 'defaults'
	option input 'ACCEPT'
	option output 'ACCEPT'
	option forward 'ACCEPT'
	option synflood_protect '1'
`),
    );
  });

  it('writes the whole table: whitelist, then port rules in order, then the WAN default drop', () => {
    expect(files[NFT_PATH])
      .toBe(`# Written by the Edge Console agent: changes made here are replaced on the next apply.
table inet edge
delete table inet edge

table inet edge {
	set wan_ifaces {
		type ifname;
	}

	set blocked_macs {
		type ether_addr;
	}

	chain input {
		type filter hook input priority filter - 5; policy accept;
		ct state established,related accept
		ct state invalid drop
		iifname != @wan_ifaces accept
		ip saddr 203.0.113.7 accept comment "office"
		ip saddr 198.51.100.9 meta l4proto { tcp, udp } th dport 443 accept comment "monitor probe"
		tcp dport 22 accept comment "SSH"
		udp dport 161 drop
		meta l4proto { tcp, udp } th dport 8080 drop comment "alt web"
		meta l4proto { icmp, ipv6-icmp } accept
		udp dport { 68, 546 } accept
		drop
	}

	chain forward {
		type filter hook forward priority filter - 5; policy accept;
		ct state established,related accept
		ct state invalid drop
		ct status dnat accept
		iifname @wan_ifaces drop
	}

	chain prerouting {
		type nat hook prerouting priority dstnat; policy accept;
	}

	chain postrouting {
		type nat hook postrouting priority srcnat; policy accept;
	}
}
`);
  });

  it('closes SSH from the WAN by default', () => {
    const nft = renderSection('firewall', firewallDefaults).files[NFT_PATH]!;
    expect(chainRules(nft, 'input')).toContain('tcp dport 22 drop comment "SSH"');
  });

  it('filters nothing when switched off', () => {
    const off = renderSection('firewall', { ...firewall, enabled: false }).files;
    expect(Object.keys(off)).toEqual(['/etc/config/firewall']);
  });
});
