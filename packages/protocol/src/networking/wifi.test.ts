import { describe, expect, it } from 'vitest';
import {
  channelWidthFits,
  ssidRowOf,
  ssidVlanModeOf,
  ssidVlanRule,
  wifiCalls,
  wifiDefaults,
  wifiSection,
  wifiSettingRequest,
  wifiSsidDefaults,
  type WifiSection,
} from './wifi.ts';
import { DEFAULT_LAN_VID } from './rules.ts';
import { DEVICE, issues } from './testIssues.ts';

const ssid = { idx: 0, ssid: 'Office', password: 'secret123', ...wifiSsidDefaults };
const doc: WifiSection = { ...wifiDefaults, list: [ssid] };

describe('Wi-Fi section', () => {
  it('defaults to SPEC 9: 2.4G, channel 10, 20 MHz, TX power 100, new SSIDs WPA2', () => {
    expect(wifiDefaults).toMatchObject({ mode: '2.4G', channel: 10, bandwidth: 20, tx_power: 100 });
    expect(wifiSsidDefaults.wpa).toBe('WPA2');
    expect(issues(wifiSection, wifiDefaults)).toEqual([]);
    expect(issues(wifiSection, doc)).toEqual([]);
  });

  it('wants security mode, channel width, channel and TX power selected', () => {
    const blank = { ...doc, channel: '', bandwidth: null, tx_power: undefined, list: [{ ...ssid, wpa: '' }] };
    expect(issues(wifiSection, blank)).toEqual([
      'channel: wifiChannelRequired',
      'bandwidth: wifiBandwidthRequired',
      'tx_power: wifiTxPowerRequired',
      'list.0.wpa: wifiSecurityRequired',
    ]);
  });

  it('takes WPA1, WPA2 and WPA3 only', () => {
    for (const wpa of ['WPA1', 'WPA2', 'WPA3'])
      expect(issues(wifiSection, { ...doc, list: [{ ...ssid, wpa }] })).toEqual([]);
    expect(issues(wifiSection, { ...doc, list: [{ ...ssid, wpa: 'WEP' }] })).toEqual([
      'list.0.wpa: invalidChoice',
    ]);
  });

  it('checks every SSID and password of the table', () => {
    const list = [ssid, { ...ssid, idx: 1, ssid: '#guest', password: 'short' }];
    expect(issues(wifiSection, { ...doc, list })).toEqual([
      'list.1.ssid: ssidLeadingChar',
      'list.1.password: wifiPasswordFormat',
    ]);
  });

  it('keeps channel and width within the band', () => {
    expect(issues(wifiSection, { ...doc, channel: 36 })).toEqual(['channel: wifiChannelInvalid']);
    expect(issues(wifiSection, { ...doc, mode: '5G', channel: 36, bandwidth: 80 })).toEqual([]);
    expect(issues(wifiSection, { ...doc, bandwidth: 80 })).toEqual(['bandwidth: wifiBandwidthInvalid']);
    expect(issues(wifiSection, { ...doc, channel: 'auto', bandwidth: 'auto' })).toEqual([]);
    expect(issues(wifiSection, { ...doc, bandwidth: 30 })).toEqual(['bandwidth: invalidChoice']);
  });

  it('offers 80 and 160 MHz at 5 GHz only', () => {
    expect(channelWidthFits('2.4G', 40)).toBe(true);
    expect(channelWidthFits('2.4G', 'auto')).toBe(true);
    expect(channelWidthFits('2.4G', 80)).toBe(false);
    expect(channelWidthFits('2.4G', 160)).toBe(false);
    expect(channelWidthFits('5G', 160)).toBe(true);
  });

  it('takes TX power 1 to 100', () => {
    expect(issues(wifiSection, { ...doc, tx_power: 0 })).toEqual(['tx_power: wifiTxPowerRange']);
    expect(issues(wifiSection, { ...doc, tx_power: 1 })).toEqual([]);
  });

  it('puts an SSID in the LAN (1) or a VLAN 2-4094, with a unique index', () => {
    expect(issues(wifiSection, { ...doc, list: [{ ...ssid, vid: 4094 }] })).toEqual([]);
    expect(issues(wifiSection, { ...doc, list: [{ ...ssid, vid: 4095 }] })).toEqual([
      'list.0.vid: vlanIdRange',
    ]);
    expect(issues(wifiSection, { ...doc, list: [ssid, { ...ssid, ssid: 'Guest' }] })).toEqual([
      'list.1.idx: ssidIndexDuplicate',
    ]);
  });

  it('asks the API for an explicit VLAN choice: untagged (no VLAN) or a tagged VLAN 2-4094', () => {
    const row = (vlan: unknown, vid?: unknown) => ({ ...doc, list: [{ ...ssid, vlan, vid }] });
    expect(issues(wifiSettingRequest, row('untagged'))).toEqual([]);
    expect(issues(wifiSettingRequest, row('tagged', 10))).toEqual([]);
    expect(issues(wifiSettingRequest, row('tagged', 4094))).toEqual([]);
    // VLAN 1 is the untagged LAN: as a tagged VLAN it is refused with the VLAN rule, like 4095 and 0.
    for (const vid of [1, 0, 4095])
      expect(issues(wifiSettingRequest, row('tagged', vid))).toEqual(['list.0.vid: vlanIdRange']);
    expect(issues(wifiSettingRequest, row('tagged'))).toEqual(['list.0.vid: vlanIdRequired']);
    expect(issues(wifiSettingRequest, row('tagged', 10.5))).toEqual(['list.0.vid: numberWhole']);
    expect(issues(wifiSettingRequest, row('trunk', 10))).toEqual(['list.0.vlan: invalidChoice']);
    // A row without the choice is read as the device keeps it (1 untagged, 2-4094 tagged).
    expect(issues(wifiSettingRequest, { ...doc, list: [{ ...ssid, vid: 7 }] })).toEqual([]);
    expect(issues(wifiSettingRequest, { ...doc, list: [{ ...ssid, vid: 4095 }] })).toEqual([
      'list.0.vid: vlanIdRange',
    ]);
  });

  it('stores the choice as the VLAN the device is told, and reads it back as the same choice', () => {
    const base = { idx: 0, ssid: 'Office', password: 'secret123', wpa: 'WPA2' as const, toggle: true };
    expect(ssidRowOf({ ...base, vlan: 'untagged', vid: 9 })).toEqual({ ...base, vid: DEFAULT_LAN_VID });
    expect(ssidRowOf({ ...base, vlan: 'tagged', vid: 30 })).toEqual({ ...base, vid: 30 });
    expect(ssidRowOf({ ...base, vid: 30 })).toEqual({ ...base, vid: 30 });
    expect(ssidVlanModeOf(DEFAULT_LAN_VID)).toBe('untagged');
    expect(ssidVlanModeOf(30)).toBe('tagged');
    expect(ssidVlanRule('untagged', undefined)).toBeNull();
    expect(ssidVlanRule('tagged', 1)).toBe('vlanIdRange');
  });

  it('lists authenticated stations by MAC, each once', () => {
    const authentication = [
      { name: 'laptop', mac: '1a:2b:3c:4d:5e:6f' },
      { name: 'again', mac: '1A:2B:3C:4D:5E:6F' },
    ];
    expect(issues(wifiSection, { ...doc, authentication })).toEqual(['authentication.1.mac: macDuplicate']);
    expect(issues(wifiSection, { ...doc, authentication: [{ name: '', mac: '1a-2b' }] })).toEqual([
      'authentication.0.name: authenticationNameEmpty',
      'authentication.0.mac: macFormat',
    ]);
  });

  it('toggles one SSID by index', () => {
    const toggle = wifiCalls.find((c) => c.path.endsWith('/wifi/toggle'))!;
    expect(issues(toggle.request, { id: DEVICE, idx: 0, toggle: false })).toEqual([]);
  });
});
