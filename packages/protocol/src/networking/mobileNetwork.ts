/**
 * Mobile network (SPEC 2, 3): cellular on or off (`toggle`), the APN in use (`apnSetting`), saved APN
 * profiles (`saveProfile.apn_list`), which SIM slot to use (`settingBind`) and the SIM PIN
 * (`simSetting`). Keys are those of the SPEC's profile template.
 *
 * Profile type pnp ("plug and play", SPEC 9's default) lets the modem find the APN itself, so a pnp
 * profile needs no APN name or credentials; public (an operator's APN, from quick select by country and
 * operator) and private (a company APN) do.
 */
import { z } from 'zod';
import { DEFAULT_SIM_PIN } from '../constants.ts';
import { call, deviceQuery, forDevice } from './calls.ts';
import { sameDocument } from './compare.ts';
import { choice, freeText, report, text, TEXT_FIELD_MAX } from './fields.ts';
import {
  apnCredentialsRule,
  duplicateIndex,
  isBlank,
  nameValueRule,
  notEmptyRule,
  simPinRule,
} from './rules.ts';

export const apnProfileTypes = ['pnp', 'public', 'private'] as const;
/** '' is "no authentication". */
export const apnAuths = ['', 'PAP', 'CHAP', 'PAP/CHAP'] as const;
export const simSlots = ['SIM1', 'SIM2'] as const;
/** auto: use whichever SIM works, SIM1 first; SIM1/SIM2: use that slot only. */
export const simBindModes = ['auto', ...simSlots] as const;

export const apnProfile = z
  .object({
    /** The APN setting name (what the profile is called). */
    name: text((v) => notEmptyRule('apnSettingNameEmpty')(v) ?? nameValueRule(v)),
    type: choice(apnProfileTypes, 'apnProfileTypeRequired'),
    /** The APN name given to the operator. */
    apn: freeText(TEXT_FIELD_MAX.apn),
    username: freeText(TEXT_FIELD_MAX.credential),
    password: freeText(TEXT_FIELD_MAX.credential),
    auth: z.enum(apnAuths),
    proxy: freeText(TEXT_FIELD_MAX.proxy),
    country: freeText(TEXT_FIELD_MAX.name),
    operator: freeText(TEXT_FIELD_MAX.name),
    /** The SIM the profile is bound to; '' for either. */
    sim: z.enum(['', ...simSlots]),
  })
  .superRefine((apn, ctx) => {
    if (apn.type === 'pnp') return;
    if (isBlank(apn.apn)) report(ctx, 'apnNameEmpty', ['apn']);
    report(ctx, apnCredentialsRule(apn), ['username']);
  });
export type ApnProfile = z.infer<typeof apnProfile>;

export const settingBind = z.object({ mode: choice(simBindModes, 'bindModeRequired') });
export const simSetting = z.object({
  /** Enter the PIN automatically when the modem asks for it. */
  auto_unlock: z.boolean(),
  code: text(simPinRule),
});

export const mobileNetworkSection = z
  .object({
    toggle: z.boolean(),
    apnSetting: apnProfile,
    saveProfile: z.object({ apn_list: z.array(apnProfile) }),
    settingBind,
    simSetting,
  })
  .superRefine((doc, ctx) => {
    const dup = duplicateIndex(doc.saveProfile.apn_list.map((p) => p.name));
    if (dup >= 0) report(ctx, 'apnProfileDuplicate', ['saveProfile', 'apn_list', dup, 'name']);
  });
export type MobileNetworkSection = z.infer<typeof mobileNetworkSection>;

/** A new APN profile (SPEC 9: type pnp, authentication PAP). */
export const apnProfileDefaults: ApnProfile = {
  name: 'Default',
  type: 'pnp',
  apn: '',
  username: '',
  password: '',
  auth: 'PAP',
  proxy: '',
  country: '',
  operator: '',
  sim: '',
};

/**
 * Cellular on with the pnp profile and SPEC 9's PIN 0000 filled in but not sent on its own: a wrong
 * PIN entered automatically uses up the SIM's three attempts.
 */
export const mobileNetworkDefaults: MobileNetworkSection = {
  toggle: true,
  apnSetting: apnProfileDefaults,
  saveProfile: { apn_list: [] },
  settingBind: { mode: 'auto' },
  simSetting: { auto_unlock: false, code: DEFAULT_SIM_PIN },
};

export const apnSettingRequest = forDevice(z.object({ toggle: z.boolean(), apnSetting: apnProfile }));
export const deleteProfileRequest = forDevice(z.object({ name: z.string().min(1) }));

export const mobileNetworkCalls = [
  call('mobileNetwork', 'GET', 'mobileNetwork/info', deviceQuery),
  call('mobileNetwork', 'GET', 'mobileNetwork/getSavedProfile', deviceQuery),
  call('mobileNetwork', 'GET', 'mobileNetwork/getBindConfig', deviceQuery),
  call('mobileNetwork', 'GET', 'mobileNetwork/getPINConfig', deviceQuery),
  call('mobileNetwork', 'POST', 'mobileNetwork/saveProfile', forDevice(apnProfile)),
  call('mobileNetwork', 'PATCH', 'mobileNetwork/apnSetting', apnSettingRequest),
  call('mobileNetwork', 'PATCH', 'mobileNetwork/settingBind', forDevice(settingBind)),
  call('mobileNetwork', 'PATCH', 'mobileNetwork/simSetting', forDevice(simSetting)),
  call('mobileNetwork', 'DELETE', 'mobileNetwork/deleteProfile', deleteProfileRequest),
];

/**
 * For a device whose uplink is cellular, a new APN, SIM slot or PIN, or switching cellular off, can
 * lose the uplink; saving a profile for later cannot.
 */
export const mobileNetworkMayCutOff = (before: MobileNetworkSection, after: MobileNetworkSection): boolean =>
  !sameDocument({ ...before, saveProfile: null }, { ...after, saveProfile: null });
