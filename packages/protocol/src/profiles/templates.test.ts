/**
 * SPEC 5's provisioning rules on a profile template, at and beyond their limits: profile name, APN setting
 * name, APN name and SIM PIN code not empty; APN user name, password and authentication all filled or all
 * empty; no 「：」 or 「=」 in a name or value the device stores as `name=value`.
 */
import { describe, expect, test } from 'vitest';
import { issues } from '../networking/testIssues.ts';
import {
  profileTemplate,
  profileTemplateDefaults,
  type ProfileTemplate,
} from '../networking/profileTemplate.ts';
import { profileTemplateCopyRequest, profileTemplateEditRequest } from './templates.ts';

const base = profileTemplateDefaults('Shop');
const withApn = (apn: Partial<ProfileTemplate['mobileNetwork']['apnSetting']>): ProfileTemplate => ({
  ...base,
  mobileNetwork: { ...base.mobileNetwork, apnSetting: { ...base.mobileNetwork.apnSetting, ...apn } },
});
const withPin = (code: string): ProfileTemplate => ({
  ...base,
  mobileNetwork: { ...base.mobileNetwork, simSetting: { auto_unlock: true, code } },
});
const check = (template: ProfileTemplate) => issues(profileTemplate, template);
const APN = 'mobileNetwork.apnSetting';

describe('profile template provisioning rules (SPEC 5)', () => {
  test('the SPEC 9 defaults pass: PIN 0000, pnp with PAP and no credentials', () => {
    expect(check(base)).toEqual([]);
  });

  test('profile name: not empty, at most 64 characters, no 「：」 or 「=」', () => {
    expect(check({ ...base, name: '' })).toEqual(['name: profileNameEmpty']);
    expect(check({ ...base, name: '   ' })).toEqual(['name: profileNameEmpty']);
    expect(check({ ...base, name: 'x'.repeat(64) })).toEqual([]);
    expect(check({ ...base, name: 'x'.repeat(65) })).toEqual(['name: profileNameLength']);
    expect(check({ ...base, name: 'shop=1' })).toEqual(['name: noEquals']);
    expect(check({ ...base, name: 'shop：1' })).toEqual(['name: noColon']);
    // A MAC-like ASCII colon is not the full-width one.
    expect(check({ ...base, name: 'shop:1' })).toEqual([]);
    expect(issues(profileTemplateCopyRequest, { id: 1, name: '' })).toEqual(['name: profileNameEmpty']);
    expect(issues(profileTemplateEditRequest, { ...base, id: 1, name: 'a=b' })).toEqual(['name: noEquals']);
  });

  test('APN setting name not empty and free of 「：」 and 「=」', () => {
    expect(check(withApn({ name: '' }))).toEqual([`${APN}.name: apnSettingNameEmpty`]);
    expect(check(withApn({ name: 'office=1' }))).toEqual([`${APN}.name: noEquals`]);
    expect(check(withApn({ name: 'office：1' }))).toEqual([`${APN}.name: noColon`]);
  });

  test('APN name not empty for an operator or company APN (a pnp profile finds its own)', () => {
    expect(check(withApn({ type: 'private', apn: '' }))).toEqual([`${APN}.apn: apnNameEmpty`]);
    expect(check(withApn({ type: 'public', apn: ' ' }))).toEqual([`${APN}.apn: apnNameEmpty`]);
    expect(check(withApn({ type: 'private', apn: 'corp.example' }))).toEqual([]);
  });

  test('APN user name, password and authentication: all filled or all empty', () => {
    const corp = { type: 'private' as const, apn: 'corp.example' };
    expect(check(withApn({ ...corp, username: 'u', password: '' }))).toEqual([
      `${APN}.username: apnCredentialsPartial`,
    ]);
    expect(check(withApn({ ...corp, username: '', password: 'p' }))).toEqual([
      `${APN}.username: apnCredentialsPartial`,
    ]);
    expect(check(withApn({ ...corp, username: 'u', password: 'p', auth: '' }))).toEqual([
      `${APN}.username: apnCredentialsPartial`,
    ]);
    expect(check(withApn({ ...corp, username: 'u', password: 'p', auth: 'CHAP' }))).toEqual([]);
    expect(check(withApn({ ...corp, username: '', password: '', auth: '' }))).toEqual([]);
  });

  test('SIM PIN code not empty: 4 to 8 digits', () => {
    expect(check(withPin(''))).toEqual(['mobileNetwork.simSetting.code: simPinEmpty']);
    expect(check(withPin('123'))).toEqual(['mobileNetwork.simSetting.code: simPinFormat']);
    expect(check(withPin('1234'))).toEqual([]);
    expect(check(withPin('12345678'))).toEqual([]);
    expect(check(withPin('123456789'))).toEqual(['mobileNetwork.simSetting.code: simPinFormat']);
  });

  test('device name: not empty, at most 64 characters, no 「：」 or 「=」', () => {
    expect(check({ ...base, deviceName: '' })).toEqual(['deviceName: deviceNameEmpty']);
    expect(check({ ...base, deviceName: 'd'.repeat(64) })).toEqual([]);
    expect(check({ ...base, deviceName: 'd'.repeat(65) })).toEqual(['deviceName: deviceNameLength']);
    expect(check({ ...base, deviceName: 'a=b' })).toEqual(['deviceName: noEquals']);
  });

  test('its sections keep their own rules; the DHCP pool is the LAN’s', () => {
    expect(check({ ...base, dhcp: { ...base.dhcp, maximun_lease_time: 59 } })).toEqual([
      'dhcp.maximun_lease_time: dhcpLeaseMin',
    ]);
    expect(check({ ...base, dhcp: { ...base.dhcp, vid: 10 } })).toEqual(['dhcp.vid: vlanUnknown']);
    expect(check({ ...base, wifi: { ...base.wifi, channel: 40 } }).length).toBeGreaterThan(0);
    expect(
      check({
        ...base,
        wan: {
          iface: 'eth0',
          mode: 'static',
          dns_mode: 'manual',
          dns_server_1: '',
          dns_server_2: '',
          ip: '10.0.0.2',
          mask: '255.255.255.0',
          gateway: '10.0.0.1',
        },
      }),
    ).toEqual(['wan.dns_server_1: wanDns1Empty', 'wan.dns_server_2: wanDns2Empty']);
  });
});
