import { describe, expect, it } from 'vitest';
import { wanCalls, wanDefaults, wanMayCutOff, wanSection, type WanInterface } from './wan.ts';
import { DEVICE, issues } from './testIssues.ts';

const dns = { dns_mode: 'manual', dns_server_1: '8.8.8.8', dns_server_2: '1.1.1.1' } as const;
const staticWan = {
  iface: 'eth0',
  mode: 'static',
  ip: '203.0.113.10',
  mask: '255.255.255.0',
  gateway: '203.0.113.1',
  ...dns,
} as const;
const pppoe = {
  iface: 'eth1',
  mode: 'pppoe',
  username: 'user',
  password: 'pass',
  auto_get_ip: true,
  ip: '',
  auto_startup: true,
  ...dns,
  dns_mode: 'auto',
} as const;
const wifi = {
  iface: 'wlan0',
  mode: 'wifi',
  ssid: 'Upstream',
  password: 'secret123',
  wpa: 'WPA2',
  ...dns,
  dns_mode: 'auto',
} as const;
const section = (...list: unknown[]) => ({ list, savedNetworks: [] });

describe('WAN section', () => {
  it('accepts its default (DHCP with automatic DNS) and every mode filled in', () => {
    expect(issues(wanSection, wanDefaults)).toEqual([]);
    expect(issues(wanSection, section(staticWan, pppoe, wifi))).toEqual([]);
  });

  it('wants netmask, gateway and both DNS of a static WAN, with the SPEC words for bad IPs', () => {
    const blank = { ...staticWan, mask: '', gateway: '', dns_server_1: '', dns_server_2: '' };
    expect(issues(wanSection, section(blank))).toEqual([
      'list.0.mask: wanNetmaskEmpty',
      'list.0.gateway: wanGatewayEmpty',
      'list.0.dns_server_1: wanDns1Empty',
      'list.0.dns_server_2: wanDns2Empty',
    ]);
    const bad = {
      ...staticWan,
      ip: '203.0.113.256',
      mask: '255.0.255.0',
      gateway: '203.0.113',
      dns_server_2: 'dns',
    };
    expect(issues(wanSection, section(bad))).toEqual([
      'list.0.ip: wanInvalidIp',
      'list.0.mask: wanInvalidIp',
      'list.0.gateway: wanInvalidIp',
      'list.0.dns_server_2: wanInvalidIp',
    ]);
  });

  it('needs DNS servers for a static WAN even when the mode says automatic', () => {
    expect(issues(wanSection, section({ ...staticWan, dns_mode: 'auto', dns_server_1: '' }))).toEqual([
      'list.0.dns_server_1: wanDns1Empty',
    ]);
  });

  it('keeps the gateway in the WAN subnet', () => {
    expect(issues(wanSection, section({ ...staticWan, gateway: '198.51.100.1' }))).toEqual([
      'list.0.gateway: wanGatewayOutsideSubnet',
    ]);
  });

  it('asks for DNS servers only when DHCP or PPPoE DNS is set by hand', () => {
    const dhcp: WanInterface = {
      iface: 'eth0',
      mode: 'dhcp',
      dns_mode: 'auto',
      dns_server_1: '',
      dns_server_2: '',
    };
    expect(issues(wanSection, section(dhcp))).toEqual([]);
    expect(issues(wanSection, section({ ...dhcp, dns_mode: 'manual' }))).toEqual([
      'list.0.dns_server_1: wanDns1Empty',
      'list.0.dns_server_2: wanDns2Empty',
    ]);
    expect(issues(wanSection, section({ ...pppoe, dns_mode: 'manual', dns_server_2: '' }))).toEqual([
      'list.0.dns_server_2: wanDns2Empty',
    ]);
  });

  it('wants the PPPoE account, and an IP when it does not take the offered one', () => {
    expect(issues(wanSection, section({ ...pppoe, username: '', password: '' }))).toEqual([
      'list.0.username: pppoeUsernameEmpty',
      'list.0.password: pppoePasswordEmpty',
    ]);
    expect(issues(wanSection, section({ ...pppoe, auto_get_ip: false }))).toEqual([
      'list.0.ip: wanInvalidIp',
    ]);
    expect(issues(wanSection, section({ ...pppoe, auto_get_ip: false, ip: '100.64.0.2' }))).toEqual([]);
  });

  it('checks the network a Wi-Fi WAN joins like any SSID', () => {
    expect(issues(wanSection, section({ ...wifi, ssid: 'up/link', password: '1234567' }))).toEqual([
      'list.0.ssid: ssidForbiddenChar',
      'list.0.password: wifiPasswordFormat',
    ]);
  });

  it('wants each WAN interface selected and listed once', () => {
    expect(issues(wanSection, section({ ...staticWan, iface: 'None' }))).toEqual([
      'list.0.iface: wanInterfaceRequired',
    ]);
    expect(issues(wanSection, section(staticWan, { ...pppoe, iface: 'eth0' }))).toEqual([
      'list.1.iface: wanInterfaceDuplicate',
    ]);
  });

  it('sets one WAN interface per call, in any mode', () => {
    const setting = wanCalls.find((c) => c.path.endsWith('/multipleWan/setting'))!;
    expect(issues(setting.request, { ...pppoe, id: DEVICE })).toEqual([]);
    expect(issues(setting.request, { ...pppoe, id: DEVICE, username: '' })).toEqual([
      'username: pppoeUsernameEmpty',
    ]);
  });

  it('may cut off when a WAN changes, not when a Wi-Fi network is saved', () => {
    const saved = {
      ...wanDefaults,
      savedNetworks: [{ ssid: 'Cafe', password: 'secret123', wpa: 'WPA2' as const }],
    };
    expect(wanMayCutOff(wanDefaults, saved)).toBe(false);
    expect(wanMayCutOff(wanDefaults, section(staticWan) as typeof wanDefaults)).toBe(true);
  });
});
