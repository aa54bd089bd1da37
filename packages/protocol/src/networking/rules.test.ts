import { describe, expect, it } from 'vitest';
import { ipRule, macRule, portRule } from '../validation.ts';
import {
  apnCredentialsRule,
  destinationRule,
  deviceNameRule,
  dhcpRangeRule,
  duplicateIndex,
  interfaceFieldRule,
  ipFieldRule,
  lanVidRule,
  leaseTimeRule,
  multipleWanFitsWanRule,
  nameValueRule,
  natSubnetRule,
  netmaskFieldRule,
  notEmptyRule,
  optionalInterfaceRule,
  parseVlanList,
  pingTargetRule,
  portTypeListsRule,
  profileAndIpRule,
  simPinRule,
  ssidRule,
  trunkVlanListRule,
  ttlRule,
  txPowerRule,
  vlanIdRule,
  wanSelectionRule,
  wifiChannelRule,
  wifiChannels,
  wifiPasswordRule,
} from './rules.ts';

describe('SSID', () => {
  it('accepts up to 32 characters and refuses 33', () => {
    expect(ssidRule('a'.repeat(32))).toBeNull();
    expect(ssidRule('a'.repeat(33))).toBe('ssidLength');
  });
  it('counts bytes, so 32 characters of two bytes each are too long', () => {
    expect(ssidRule('é'.repeat(16))).toBeNull();
    expect(ssidRule('é'.repeat(17))).toBe('ssidLength');
  });
  it('must not be empty', () => expect(ssidRule('')).toBe('ssidEmpty'));
  it.each(['!', '#', ';'])('must not start with %s, which may appear later', (c) => {
    expect(ssidRule(`${c}office`)).toBe('ssidLeadingChar');
    expect(ssidRule(`office${c}`)).toBeNull();
  });
  it.each(['+', ']', '/', '"', '\t'])('must not contain %j anywhere', (c) => {
    expect(ssidRule(`${c}office`)).toBe('ssidForbiddenChar');
    expect(ssidRule(`off${c}ice`)).toBe('ssidForbiddenChar');
    expect(ssidRule(`office${c}`)).toBe('ssidForbiddenChar');
  });
  it('must not end with a space, but may hold one inside or at the start', () => {
    expect(ssidRule('office ')).toBe('ssidTrailingSpace');
    expect(ssidRule('my office')).toBeNull();
    expect(ssidRule(' office')).toBeNull();
  });
  it('refuses other control characters', () => {
    expect(ssidRule('off\nice')).toBe('ssidControlChar');
    expect(ssidRule('off\u007fice')).toBe('ssidControlChar');
  });
  it('is case-sensitive: both cases and other punctuation pass unchanged', () => {
    expect(ssidRule('Office')).toBeNull();
    expect(ssidRule('OFFICE-5G_[2){x}')).toBeNull();
  });
});

describe('Wi-Fi password', () => {
  it('takes 8 to 64 characters', () => {
    expect(wifiPasswordRule('a'.repeat(7))).toBe('wifiPasswordFormat');
    expect(wifiPasswordRule('a'.repeat(8))).toBeNull();
    expect(wifiPasswordRule('a'.repeat(64))).toBeNull();
    expect(wifiPasswordRule('a'.repeat(65))).toBe('wifiPasswordFormat');
  });
  it('must not be empty', () => expect(wifiPasswordRule('')).toBe('wifiPasswordEmpty'));
  it('takes every printable ASCII character, space and ~ included', () => {
    expect(wifiPasswordRule(' !"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~')).toBeNull();
  });
  it.each(['pass\tword', 'pass\nword', 'pässword', 'pass\u007fword', 'passwörd1'])(
    'refuses non-printable or non-ASCII %j',
    (v) => {
      expect(wifiPasswordRule(v)).toBe('wifiPasswordFormat');
    },
  );
});

describe('Wi-Fi radio', () => {
  it('knows the channels of each band', () => {
    expect(wifiChannelRule('2.4G', 1)).toBeNull();
    expect(wifiChannelRule('2.4G', 14)).toBeNull();
    expect(wifiChannelRule('2.4G', 0)).toBe('wifiChannelInvalid');
    expect(wifiChannelRule('2.4G', 15)).toBe('wifiChannelInvalid');
    expect(wifiChannelRule('2.4G', 36)).toBe('wifiChannelInvalid');
    expect(wifiChannelRule('5G', 36)).toBeNull();
    expect(wifiChannelRule('5G', 165)).toBeNull();
    expect(wifiChannelRule('5G', 38)).toBe('wifiChannelInvalid');
    expect(wifiChannelRule('5G', 10)).toBe('wifiChannelInvalid');
    expect(wifiChannelRule('5G', 'auto')).toBeNull();
  });
  it('lists the channels a form offers: 2.4 GHz 1-14, 5 GHz 36 to 177', () => {
    expect(wifiChannels('2.4G')).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(wifiChannels('5G')[0]).toBe(36);
    expect(wifiChannels('5G').at(-1)).toBe(177);
    expect(wifiChannels('5G')).toContain(144);
    expect(wifiChannels('6G')).toEqual([]);
  });
  it('takes TX power from 1 to 100 %', () => {
    expect(txPowerRule(0)).toBe('wifiTxPowerRange');
    expect(txPowerRule(1)).toBeNull();
    expect(txPowerRule(100)).toBeNull();
    expect(txPowerRule(101)).toBe('wifiTxPowerRange');
    expect(txPowerRule(50.5)).toBe('wifiTxPowerRange');
  });
});

describe('ports and IPs', () => {
  it('takes ports 1 to 65535', () => {
    expect(portRule(0)).toBe('portRange');
    expect(portRule(1)).toBeNull();
    expect(portRule(65535)).toBeNull();
    expect(portRule(65536)).toBe('portRange');
    expect(portRule(80.5)).toBe('portRange');
  });
  it('takes IP parts 0 to 255', () => {
    expect(ipRule('255.255.255.255')).toBeNull();
    expect(ipRule('0.0.0.0')).toBeNull();
    expect(ipRule('192.168.1.256')).toBe('ipFormat');
    expect(ipRule('192.168.1')).toBe('ipFormat');
    expect(ipRule('192.168.01.1')).toBe('ipFormat');
  });
  it('tells an empty IP field from a bad one', () => {
    const rule = ipFieldRule('dhcpDnsEmpty', 'dhcpInvalidIp');
    expect(rule('')).toBe('dhcpDnsEmpty');
    expect(rule('  ')).toBe('dhcpDnsEmpty');
    expect(rule('8.8.8.256')).toBe('dhcpInvalidIp');
    expect(rule('8.8.8.8')).toBeNull();
  });
  it('takes only contiguous netmasks', () => {
    const rule = netmaskFieldRule('wanNetmaskEmpty', 'wanInvalidIp');
    expect(rule('')).toBe('wanNetmaskEmpty');
    expect(rule('255.255.255.0')).toBeNull();
    expect(rule('255.255.255.255')).toBeNull();
    expect(rule('0.0.0.0')).toBeNull();
    expect(rule('255.0.255.0')).toBe('wanInvalidIp');
    expect(rule('255.255.255.256')).toBe('wanInvalidIp');
  });
});

describe('MAC', () => {
  it.each(['1a:2b:3c:4d:5e:6f', '1A:2B:3C:4D:5E:6F', '00:00:00:00:00:00'])('accepts %s', (mac) =>
    expect(macRule(mac)).toBeNull(),
  );
  it.each([
    '1a-2b-3c-4d-5e-6f',
    '1a2b.3c4d.5e6f',
    '1a2b3c4d5e6f',
    '1a:2b:3c:4d:5e',
    '1a:2b:3c:4d:5e:6f:70',
    '1g:2b:3c:4d:5e:6f',
    'a:2b:3c:4d:5e:6f',
    '',
  ])('refuses %j', (mac) => expect(macRule(mac)).toBe('macFormat'));
});

describe('VLAN', () => {
  it('takes IDs 2 to 4094', () => {
    expect(vlanIdRule(1)).toBe('vlanIdRange');
    expect(vlanIdRule(2)).toBeNull();
    expect(vlanIdRule(4094)).toBeNull();
    expect(vlanIdRule(4095)).toBe('vlanIdRange');
  });
  it('lets an SSID, pool or access port sit in the untagged LAN (1) too', () => {
    expect(lanVidRule(1)).toBeNull();
    expect(lanVidRule(0)).toBe('vlanIdRange');
    expect(lanVidRule(4095)).toBe('vlanIdRange');
  });
  it('reads VLAN lists of numbers, commas and dashes', () => {
    expect(parseVlanList('10,20-22')).toEqual([10, 20, 21, 22]);
    expect(parseVlanList('22,10,10')).toEqual([10, 22]);
    expect(parseVlanList('10, 20')).toBeNull();
    expect(parseVlanList('10;20')).toBeNull();
    expect(parseVlanList('10,,20')).toBeNull();
    expect(parseVlanList('20-10')).toBeNull();
    expect(parseVlanList('10-')).toBeNull();
    expect(parseVlanList('1-99999')).toBeNull();
  });
  it('joins 2 to 4 VLAN IDs on a trunk port', () => {
    expect(trunkVlanListRule('10')).toBe('vlanTrunkCount');
    expect(trunkVlanListRule('10,20')).toBeNull();
    expect(trunkVlanListRule('10-13')).toBeNull();
    expect(trunkVlanListRule('10-14')).toBe('vlanTrunkCount');
    expect(trunkVlanListRule('10,20,30,40,50')).toBe('vlanTrunkCount');
  });
  it('checks each trunk ID and the characters of the list', () => {
    expect(trunkVlanListRule('')).toBe('vlanIdRequired');
    expect(trunkVlanListRule('10 20')).toBe('vlanListFormat');
    expect(trunkVlanListRule('10,a')).toBe('vlanListFormat');
    expect(trunkVlanListRule('1,10')).toBe('vlanIdRange');
    expect(trunkVlanListRule('4094,4095')).toBe('vlanIdRange');
    expect(trunkVlanListRule('2,4094')).toBeNull();
  });
});

describe('NAT source subnet', () => {
  it('takes prefixes /8 to /32', () => {
    expect(natSubnetRule('10.0.0.0/7')).toBe('natSubnetFormat');
    expect(natSubnetRule('10.0.0.0/8')).toBeNull();
    expect(natSubnetRule('192.168.1.5/32')).toBeNull();
    expect(natSubnetRule('192.168.1.5/33')).toBe('natSubnetFormat');
  });
  it.each([
    '',
    '192.168.1.0',
    '192.168.1.256/24',
    '192.168.1.0/',
    '192.168.1.0/024',
    '/24',
    '192.168.1.0/24/1',
  ])('refuses %j', (v) => expect(natSubnetRule(v)).toBe('natSubnetFormat'));
});

describe('DHCP', () => {
  it('leases for at least 60 seconds', () => {
    expect(leaseTimeRule(59)).toBe('dhcpLeaseMin');
    expect(leaseTimeRule(60)).toBeNull();
    expect(leaseTimeRule(60.5)).toBe('dhcpLeaseMin');
  });
  const pool = {
    gateway: '192.168.1.1',
    netmask: '255.255.255.0',
    start: '192.168.1.100',
    end: '192.168.1.200',
  };
  it('keeps the range inside the subnet, low to high', () => {
    expect(dhcpRangeRule(pool)).toBeNull();
    expect(dhcpRangeRule({ ...pool, start: '192.168.1.100', end: '192.168.1.100' })).toBeNull();
    expect(dhcpRangeRule({ ...pool, end: '192.168.2.10' })).toBe('dhcpRangeSubnet');
    expect(dhcpRangeRule({ ...pool, start: '192.168.1.200', end: '192.168.1.100' })).toBe('dhcpRangeOrder');
  });
  it('leaves bad addresses to the field rules', () =>
    expect(dhcpRangeRule({ ...pool, start: 'x' })).toBeNull());
});

describe('WAN choices', () => {
  it('needs the primary WAN in single WAN mode', () => {
    expect(wanSelectionRule({ mode: 'single', primary: 'eth0', secondary: 'None' })).toBeNull();
    expect(wanSelectionRule({ mode: 'single', primary: 'None', secondary: 'eth1' })).toBe(
      'primaryWanNotSelected',
    );
    expect(wanSelectionRule({ mode: 'single', primary: '', secondary: '' })).toBe('primaryWanNotSelected');
  });
  it.each(['failover', 'failback', 'loadBalance'])('needs two different WANs in %s mode', (mode) => {
    expect(wanSelectionRule({ mode, primary: 'eth0', secondary: 'eth1' })).toBeNull();
    expect(wanSelectionRule({ mode, primary: 'eth0', secondary: 'None' })).toBe('wanNotSelected');
    expect(wanSelectionRule({ mode, primary: 'None', secondary: 'eth1' })).toBe('wanNotSelected');
    expect(wanSelectionRule({ mode, primary: '', secondary: '' })).toBe('wanNotSelected');
    expect(wanSelectionRule({ mode, primary: 'eth0', secondary: 'eth0' })).toBe('multipleWanNeedsTwo');
  });
  it('needs a device with two WAN interfaces for any mode but single', () => {
    expect(multipleWanFitsWanRule('single', 1)).toBeNull();
    expect(multipleWanFitsWanRule('loadBalance', 1)).toBe('multipleWanNeedsTwo');
    expect(multipleWanFitsWanRule('failover', 2)).toBeNull();
  });
  it('takes None or an interface name where None is allowed', () => {
    expect(optionalInterfaceRule('None')).toBeNull();
    expect(optionalInterfaceRule('')).toBeNull();
    expect(optionalInterfaceRule('eth2')).toBeNull();
    expect(optionalInterfaceRule('eth 2')).toBe('interfaceNameFormat');
  });
  it('needs a selected, well-formed interface where one is required', () => {
    const rule = interfaceFieldRule('natInterfaceRequired');
    expect(rule('')).toBe('natInterfaceRequired');
    expect(rule('None')).toBe('natInterfaceRequired');
    expect(rule('eth0.2')).toBeNull();
    expect(rule('a'.repeat(15))).toBeNull();
    expect(rule('a'.repeat(16))).toBe('interfaceNameFormat');
    expect(rule('eth0"; drop')).toBe('interfaceNameFormat');
  });
  it('pings an IP or a host name', () => {
    expect(pingTargetRule('8.8.8.8')).toBeNull();
    expect(pingTargetRule('dns.google')).toBeNull();
    expect(pingTargetRule('')).toBe('pingTargetEmpty');
    expect(pingTargetRule('8.8.8.256')).toBe('pingTargetInvalid');
    expect(pingTargetRule('bad host')).toBe('pingTargetInvalid');
    expect(pingTargetRule('-bad.example')).toBe('pingTargetInvalid');
  });
  it('takes a TTL of 1 to 255', () => {
    expect(ttlRule(0)).toBe('ttlRange');
    expect(ttlRule(1)).toBeNull();
    expect(ttlRule(255)).toBeNull();
    expect(ttlRule(256)).toBe('ttlRange');
  });
  it('routes to empty (anywhere), an IP or a subnet', () => {
    expect(destinationRule('')).toBeNull();
    expect(destinationRule('1.1.1.1')).toBeNull();
    expect(destinationRule('10.0.0.0/0')).toBeNull();
    expect(destinationRule('10.0.0.0/32')).toBeNull();
    expect(destinationRule('10.0.0.0/33')).toBe('destinationFormat');
    expect(destinationRule('10.0.0.0/8/8')).toBe('destinationFormat');
    expect(destinationRule('example.com')).toBe('destinationFormat');
  });
});

describe('port type', () => {
  it('keeps at least one interface in the WAN list and in the LAN list', () => {
    expect(portTypeListsRule([{ type: 'WAN' }, { type: 'LAN' }])).toBeNull();
    expect(portTypeListsRule([{ type: 'LAN' }, { type: 'LAN' }])).toBe('wanListEmpty');
    expect(portTypeListsRule([{ type: 'WAN' }, { type: 'WAN' }])).toBe('lanListEmpty');
    expect(portTypeListsRule([])).toBe('wanListEmpty');
  });
});

describe('mobile network', () => {
  it('wants APN user name, password and authentication all filled or all empty', () => {
    expect(apnCredentialsRule({ username: '', password: '', auth: '' })).toBeNull();
    expect(apnCredentialsRule({ username: 'u', password: 'p', auth: 'PAP' })).toBeNull();
    expect(apnCredentialsRule({ username: 'u', password: '', auth: '' })).toBe('apnCredentialsPartial');
    expect(apnCredentialsRule({ username: '', password: 'p', auth: '' })).toBe('apnCredentialsPartial');
    expect(apnCredentialsRule({ username: '', password: '', auth: 'PAP' })).toBeNull();
    expect(apnCredentialsRule({ username: 'u', password: 'p', auth: '' })).toBe('apnCredentialsPartial');
  });
  it('takes a SIM PIN of 4 to 8 digits, never empty', () => {
    expect(simPinRule('')).toBe('simPinEmpty');
    expect(simPinRule('123')).toBe('simPinFormat');
    expect(simPinRule('0000')).toBeNull();
    expect(simPinRule('12345678')).toBeNull();
    expect(simPinRule('123456789')).toBe('simPinFormat');
    expect(simPinRule('12a4')).toBe('simPinFormat');
  });
  it('wants names not empty', () => {
    const rule = notEmptyRule('apnNameEmpty');
    expect(rule('')).toBe('apnNameEmpty');
    expect(rule('   ')).toBe('apnNameEmpty');
    expect(rule('internet')).toBeNull();
  });
});

describe('names and values', () => {
  it('refuses 「：」 and 「=」', () => {
    expect(nameValueRule('site：1')).toBe('noColon');
    expect(nameValueRule('site=1')).toBe('noEquals');
    expect(nameValueRule('site:1')).toBeNull();
  });
  it('takes a device name of 1 to 64 characters', () => {
    expect(deviceNameRule('')).toBe('deviceNameEmpty');
    expect(deviceNameRule('a'.repeat(64))).toBeNull();
    expect(deviceNameRule('a'.repeat(65))).toBe('deviceNameLength');
    expect(deviceNameRule('router=1')).toBe('noEquals');
    expect(deviceNameRule('router\n1')).toBe('deviceNameFormat');
  });
  it('wants both a profile and an IP to provision', () => {
    expect(profileAndIpRule({ profile: 'p', ip: '10.0.0.2' })).toBeNull();
    expect(profileAndIpRule({ profile: '', ip: '10.0.0.2' })).toBe('profileAndIpEmpty');
    expect(profileAndIpRule({ profile: 'p', ip: '' })).toBe('profileAndIpEmpty');
  });
  it('finds the first duplicate', () => {
    expect(duplicateIndex([1, 2, 3])).toBe(-1);
    expect(duplicateIndex([1, 2, 1, 2])).toBe(2);
  });
});
