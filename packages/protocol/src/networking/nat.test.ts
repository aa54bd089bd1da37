import { describe, expect, it } from 'vitest';
import { natDefaults, natSection } from './nat.ts';
import { issues } from './testIssues.ts';

const rule = {
  subnet: '192.168.1.0/24',
  description: 'LAN',
  iface: 'eth0',
  priority: 1,
  action: 'MASQUERADE',
};
const section = (...list: unknown[]) => ({ list });

describe('NAT section', () => {
  it('accepts no rule and a masquerade rule, filling table, chain and IP version', () => {
    expect(issues(natSection, natDefaults)).toEqual([]);
    expect(natSection.parse(section(rule)).list[0]).toMatchObject({
      ipVersion: 'IPv4',
      table: 'edge',
      chain: 'postrouting',
      snatIp: '',
    });
  });

  it('takes source subnets /8 to /32', () => {
    expect(issues(natSection, section({ ...rule, subnet: '10.0.0.0/7' }))).toEqual([
      'list.0.subnet: natSubnetFormat',
    ]);
    expect(issues(natSection, section({ ...rule, subnet: '10.0.0.0/8' }))).toEqual([]);
    expect(issues(natSection, section({ ...rule, subnet: '10.0.0.1/32' }))).toEqual([]);
    expect(issues(natSection, section({ ...rule, subnet: '10.0.0.1/33' }))).toEqual([
      'list.0.subnet: natSubnetFormat',
    ]);
  });

  it('wants the interface and action selected', () => {
    expect(issues(natSection, section({ ...rule, iface: '', action: '' }))).toEqual([
      'list.0.iface: natInterfaceRequired',
      'list.0.action: natActionRequired',
    ]);
  });

  it('wants the address SNAT rewrites to', () => {
    expect(issues(natSection, section({ ...rule, action: 'SNAT' }))).toEqual(['list.0.snatIp: snatIpEmpty']);
    expect(issues(natSection, section({ ...rule, action: 'SNAT', snatIp: '203.0.113.300' }))).toEqual([
      'list.0.snatIp: ipFormat',
    ]);
    expect(issues(natSection, section({ ...rule, action: 'SNAT', snatIp: '203.0.113.5' }))).toEqual([]);
  });

  it('refuses IPv6, which the subnet rule cannot describe, and negative priorities', () => {
    expect(issues(natSection, section({ ...rule, ipVersion: 'IPv6' }))).toEqual([
      'list.0.ipVersion: invalid_value',
    ]);
    expect(issues(natSection, section({ ...rule, priority: -1 }))).toEqual([
      'list.0.priority: natPriorityRange',
    ]);
  });
});
