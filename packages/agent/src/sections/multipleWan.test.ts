import { describe, expect, it } from 'vitest';
import { dhcpDefaults, multipleWanDefaults, type MultipleWanSection } from '@edge/protocol';
import { renderSection } from './index.ts';
import { contextWith, uciFile } from './testFiles.ts';

const TRACK = (name: string) => `config interface '${name}'
	option enabled '1'
	option family 'ipv4'
	option track_method 'ping'
	list track_ip '1.1.1.1'
	option reliability '1'
	option count '1'
	option timeout '2'
	option interval '5'
	option max_ttl '32'
	option check_quality '1'
	option failure_latency '300'
	option recovery_latency '150'
	option down '3'
	option up '3'
`;

const balanced: MultipleWanSection = {
  ...multipleWanDefaults,
  mode: 'loadBalance',
  primary: 'eth0',
  secondary: 'eth1',
  backup: 'wwan0',
  detection: { mode: 'ping', pingTarget: '1.1.1.1', period: 5, latencyThreshold: 300, ttl: 32 },
  loadBalance: { primaryWeight: 3, secondaryWeight: 1 },
  binding: [
    { vid: 10, mode: 'bind', primary: 'eth1', secondary: 'None' },
    // No DHCP pool (so no subnet) for VLAN 30: its binding cannot be matched and is left out.
    { vid: 30, mode: 'bind', primary: 'eth0', secondary: 'None' },
  ],
  maRules: [{ name: 'voip', destination: '203.0.113.0/24', protocol: 'UDP', port: 5060, wan: 'eth0' }],
};

const staff = {
  ...dhcpDefaults.list[0]!,
  vid: 10,
  gateway: '10.10.0.1',
  address_range_1: '10.10.0.10',
  address_range_2: '10.10.0.99',
};

describe('multiple WAN renderer', () => {
  it('balances by weight, keeps a backup, binds a VLAN and routes MA rules, in mwan3 order', () => {
    const ctx = contextWith({ dhcp: { list: [dhcpDefaults.list[0]!, staff] } });
    expect(renderSection('multipleWan', balanced, ctx).files).toEqual({
      '/etc/config/mwan3': uciFile(`config globals 'globals'
	option mmx_mask '0x3F00'

${TRACK('wan_eth0')}
${TRACK('wan_eth1')}
${TRACK('wan_wwan0')}
config member 'wan_eth0_m1_w3'
	option interface 'wan_eth0'
	option metric '1'
	option weight '3'

config member 'wan_eth1_m1_w1'
	option interface 'wan_eth1'
	option metric '1'
	option weight '1'

config member 'wan_wwan0_m2_w1'
	option interface 'wan_wwan0'
	option metric '2'
	option weight '1'

config member 'wan_eth0_m1_w1'
	option interface 'wan_eth0'
	option metric '1'
	option weight '1'

config policy 'edge'
	list use_member 'wan_eth0_m1_w3'
	list use_member 'wan_eth1_m1_w1'
	list use_member 'wan_wwan0_m2_w1'
	option last_resort 'unreachable'

config policy 'bind_vlan10'
	list use_member 'wan_eth1_m1_w1'
	option last_resort 'unreachable'

config policy 'only_eth0'
	list use_member 'wan_eth0_m1_w1'
	option last_resort 'unreachable'

config rule 'ma_0'
	option dest_ip '203.0.113.0/24'
	option proto 'udp'
	option dest_port '5060'
	option family 'ipv4'
	option use_policy 'only_eth0'

config rule 'vlan10_rule'
	option src_ip '10.10.0.0/24'
	option dest_ip '0.0.0.0/0'
	option family 'ipv4'
	option use_policy 'bind_vlan10'

config rule 'default_rule'
	option dest_ip '0.0.0.0/0'
	option family 'ipv4'
	option use_policy 'edge'
`),
    });
  });

  it('orders failover WANs by metric and keeps connections where they started', () => {
    const failover: MultipleWanSection = { ...balanced, mode: 'failover', binding: [], maRules: [] };
    const text = renderSection('multipleWan', failover).files['/etc/config/mwan3']!;
    expect(text).toContain(`config policy 'edge'
	list use_member 'wan_eth0_m1_w1'
	list use_member 'wan_eth1_m2_w1'
	list use_member 'wan_wwan0_m3_w1'
`);
    expect(text).toContain(`config rule 'default_rule'
	option dest_ip '0.0.0.0/0'
	option family 'ipv4'
	option use_policy 'edge'
	option sticky '1'
	option timeout '600'
`);
    const failback = renderSection('multipleWan', { ...failover, mode: 'failback' }).files[
      '/etc/config/mwan3'
    ]!;
    expect(failback).not.toContain('sticky');
  });

  it('uses the primary WAN alone in single WAN mode', () => {
    const text = renderSection('multipleWan', multipleWanDefaults).files['/etc/config/mwan3']!;
    expect(text).toContain(
      `config policy 'edge'\n\tlist use_member 'wan_eth0_m1_w1'\n\toption last_resort 'unreachable'\n`,
    );
    expect(text).not.toContain('wan_eth1');
  });
});
