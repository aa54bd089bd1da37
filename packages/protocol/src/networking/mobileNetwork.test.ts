import { describe, expect, it } from 'vitest';
import {
  apnProfileDefaults,
  mobileNetworkCalls,
  mobileNetworkDefaults,
  mobileNetworkMayCutOff,
  mobileNetworkSection,
  type ApnProfile,
} from './mobileNetwork.ts';
import { DEVICE, issues } from './testIssues.ts';
import { apnAuthOf } from './rules.ts';

const privateApn: ApnProfile = {
  ...apnProfileDefaults,
  name: 'Corp',
  type: 'private',
  apn: 'corp.example',
  username: 'u',
  password: 'p',
};
const withApn = (apnSetting: unknown) => ({ ...mobileNetworkDefaults, apnSetting });

describe('mobile network section', () => {
  it('defaults to SPEC 9: profile type pnp, authentication PAP, SIM PIN 0000', () => {
    expect(mobileNetworkDefaults.apnSetting).toMatchObject({ type: 'pnp', auth: 'PAP' });
    expect(mobileNetworkDefaults.simSetting.code).toBe('0000');
    expect(issues(mobileNetworkSection, mobileNetworkDefaults)).toEqual([]);
  });

  it('needs an APN setting name always, an APN name unless the modem finds it (pnp)', () => {
    expect(issues(mobileNetworkSection, withApn({ ...apnProfileDefaults, name: '' }))).toEqual([
      'apnSetting.name: apnSettingNameEmpty',
    ]);
    expect(issues(mobileNetworkSection, withApn({ ...privateApn, apn: '' }))).toEqual([
      'apnSetting.apn: apnNameEmpty',
    ]);
    expect(issues(mobileNetworkSection, withApn(privateApn))).toEqual([]);
  });

  it('wants APN user name, password and authentication all filled or all empty', () => {
    expect(issues(mobileNetworkSection, withApn({ ...privateApn, password: '' }))).toEqual([
      'apnSetting.username: apnCredentialsPartial',
    ]);
    expect(issues(mobileNetworkSection, withApn({ ...privateApn, username: '' }))).toEqual([
      'apnSetting.username: apnCredentialsPartial',
    ]);
    expect(
      issues(mobileNetworkSection, withApn({ ...privateApn, username: '', password: '', auth: '' })),
    ).toEqual([]);
    expect(issues(mobileNetworkSection, withApn({ ...privateApn, auth: '' }))).toEqual([
      'apnSetting.username: apnCredentialsPartial',
    ]);
  });

  it('reads empty user name and password as no authentication, even with the PAP a new profile opens with', () => {
    const noCredentials = { ...privateApn, username: '', password: '' };
    expect(noCredentials.auth).toBe('PAP');
    expect(issues(mobileNetworkSection, withApn(noCredentials))).toEqual([]);
    expect(apnAuthOf(noCredentials)).toBe('');
    expect(apnAuthOf(privateApn)).toBe('PAP');
  });

  it('keeps 「：」 and 「=」 out of the profile name', () => {
    expect(issues(mobileNetworkSection, withApn({ ...privateApn, name: 'a=b' }))).toEqual([
      'apnSetting.name: noEquals',
    ]);
    expect(issues(mobileNetworkSection, withApn({ ...privateApn, name: 'a：b' }))).toEqual([
      'apnSetting.name: noColon',
    ]);
  });

  it('wants a SIM PIN code', () => {
    const sim = (code: string) => ({ ...mobileNetworkDefaults, simSetting: { auto_unlock: true, code } });
    expect(issues(mobileNetworkSection, sim(''))).toEqual(['simSetting.code: simPinEmpty']);
    expect(issues(mobileNetworkSection, sim('12'))).toEqual(['simSetting.code: simPinFormat']);
  });

  it('saves profiles under unique names', () => {
    const saveProfile = { apn_list: [privateApn, privateApn] };
    expect(issues(mobileNetworkSection, { ...mobileNetworkDefaults, saveProfile })).toEqual([
      'saveProfile.apn_list.1.name: apnProfileDuplicate',
    ]);
  });

  it('checks the saved profile and the bind mode of their calls', () => {
    const save = mobileNetworkCalls.find((c) => c.path.endsWith('/mobileNetwork/saveProfile'))!;
    expect(issues(save.request, { ...privateApn, id: DEVICE, apn: ' ' })).toEqual(['apn: apnNameEmpty']);
    const bind = mobileNetworkCalls.find((c) => c.path.endsWith('/mobileNetwork/settingBind'))!;
    expect(issues(bind.request, { id: DEVICE, mode: 'SIM2' })).toEqual([]);
    expect(issues(bind.request, { id: DEVICE, mode: '' })).toEqual(['mode: bindModeRequired']);
  });

  it('may cut off when the APN, SIM or switch changes, not when a profile is saved', () => {
    const saved = { ...mobileNetworkDefaults, saveProfile: { apn_list: [privateApn] } };
    expect(mobileNetworkMayCutOff(mobileNetworkDefaults, saved)).toBe(false);
    expect(mobileNetworkMayCutOff(mobileNetworkDefaults, withApn(privateApn) as typeof saved)).toBe(true);
    expect(mobileNetworkMayCutOff(mobileNetworkDefaults, { ...mobileNetworkDefaults, toggle: false })).toBe(
      true,
    );
  });
});
