/**
 * What a device cannot use is refused by the schema (issue 13): fractions and 1e+308 in numeric settings,
 * 20,000 characters, NUL and line breaks in free text (an APN user name with a newline reached the UCI writer).
 */
import { describe, expect, it } from 'vitest';
import { multipleWanDefaults, multipleWanSection, MULTIPLE_WAN_MAX } from './multipleWan.ts';
import { dhcpDefaults, dhcpSection, DHCP_MAX_LEASE_S } from './dhcp.ts';
import { natSection, NAT_PRIORITY_MAX } from './nat.ts';
import { mobileNetworkDefaults, mobileNetworkSection } from './mobileNetwork.ts';
import { firewallDefaults, firewallSection } from './firewall.ts';
import { TEXT_FIELD_MAX } from './fields.ts';
import { issues } from './testIssues.ts';

const wan = { ...multipleWanDefaults, mode: 'loadBalance', primary: 'eth0', secondary: 'eth1' } as const;
const detection = (change: object) => ({ ...wan, detection: { ...wan.detection, ...change } });
const balance = (change: object) => ({ ...wan, loadBalance: { ...wan.loadBalance, ...change } });
const lease = (maximun_lease_time: number) => ({ list: [{ ...dhcpDefaults.list[0]!, maximun_lease_time }] });
const nat = (change: object) => ({
  list: [
    {
      subnet: '192.168.1.0/24',
      description: 'lan',
      iface: 'eth0',
      priority: 1,
      action: 'MASQUERADE',
      ...change,
    },
  ],
});
const apn = (change: object) => ({
  ...mobileNetworkDefaults,
  apnSetting: {
    name: 'work',
    type: 'private',
    apn: 'internet',
    username: 'u',
    password: 'p',
    auth: 'PAP',
    proxy: '',
    country: '',
    operator: '',
    sim: '',
    ...change,
  },
});

describe('device settings a device can use', () => {
  it.each([
    ['load-balance period', detection({ period: 1.5 }), 'detection.period: numberWhole'],
    ['load-balance period', detection({ period: 1e308 }), 'detection.period: numberTooLarge'],
    [
      'latency threshold',
      detection({ latencyThreshold: MULTIPLE_WAN_MAX.latencyMs + 1 }),
      'detection.latencyThreshold: numberTooLarge',
    ],
    ['weight', balance({ primaryWeight: 1.5 }), 'loadBalance.primaryWeight: numberWhole'],
    ['weight', balance({ secondaryWeight: 1e308 }), 'loadBalance.secondaryWeight: numberTooLarge'],
  ])('refuses a %s the device cannot hold', (_what, doc, issue) => {
    expect(issues(multipleWanSection, doc)).toEqual([issue]);
  });

  it('keeps the maxima themselves', () => {
    expect(
      issues(
        multipleWanSection,
        detection({ period: MULTIPLE_WAN_MAX.periodS, latencyThreshold: MULTIPLE_WAN_MAX.latencyMs }),
      ),
    ).toEqual([]);
    expect(issues(multipleWanSection, balance({ primaryWeight: MULTIPLE_WAN_MAX.weight }))).toEqual([]);
    expect(issues(dhcpSection, lease(DHCP_MAX_LEASE_S))).toEqual([]);
    expect(issues(natSection, nat({ priority: NAT_PRIORITY_MAX }))).toEqual([]);
  });

  it('refuses a DHCP lease and a NAT priority past their maxima or not whole', () => {
    expect(issues(dhcpSection, lease(DHCP_MAX_LEASE_S + 1))).toEqual([
      'list.0.maximun_lease_time: numberTooLarge',
    ]);
    expect(issues(dhcpSection, lease(1e308))).toEqual(['list.0.maximun_lease_time: numberTooLarge']);
    expect(issues(natSection, nat({ priority: NAT_PRIORITY_MAX + 1 }))).toEqual([
      'list.0.priority: numberTooLarge',
    ]);
    expect(issues(natSection, nat({ priority: 2.5 }))).toEqual(['list.0.priority: natPriorityRange']);
  });

  it.each([
    [
      'an APN user name with a newline',
      apn({ username: 'u\nuci set x=y' }),
      'apnSetting.username: textUnprintable',
    ],
    ['an APN password with NUL', apn({ password: 'p\u0000' }), 'apnSetting.password: textUnprintable'],
    ['an APN of 20,000 characters', apn({ apn: 'a'.repeat(20_000) }), 'apnSetting.apn: textTooLong'],
    ['a proxy with a tab', apn({ proxy: 'a\tb' }), 'apnSetting.proxy: textUnprintable'],
  ])('refuses %s', (_what, doc, issue) => {
    expect(issues(mobileNetworkSection, doc)).toEqual([issue]);
  });

  it('refuses descriptions too long or on several lines, and takes them within bounds', () => {
    const rule = { port: 443, protocol: 'TCP', action: 'ACCEPT' };
    const withDescription = (description: string) => ({
      ...firewallDefaults,
      rules: [{ ...rule, description }],
    });
    expect(issues(firewallSection, withDescription('x'.repeat(TEXT_FIELD_MAX.description + 1)))).toEqual([
      'rules.0.description: textTooLong',
    ]);
    expect(issues(firewallSection, withDescription('one\ntwo'))).toEqual([
      'rules.0.description: textUnprintable',
    ]);
    expect(issues(firewallSection, withDescription('HTTPS for the office, ünïcode ✓'))).toEqual([]);
    expect(issues(natSection, nat({ description: 'x'.repeat(20_000) }))).toEqual([
      'list.0.description: textTooLong',
    ]);
  });
});
