/** Mobile network: APN in use and saved APN profiles, SIM binding and PIN; signal and identity live. */
import type { ApnProfile, MobileNetworkSection } from '@edge/protocol';
import { read, write } from './types.ts';
import { removeBy, upsertBy, withoutId } from './lists.ts';

type Doc = MobileNetworkSection;

export const mobileNetworkHandlers = [
  read('mobileNetwork', 'mobileNetwork/info', (doc, _query, { device }) => ({
    toggle: doc.toggle,
    apnSetting: doc.apnSetting,
    signal: device.heartbeat?.signal ?? null,
    imei: device.cellular?.imei ?? '',
    imsi: device.cellular?.imsi ?? '',
    iccid: device.cellular?.iccid ?? '',
    online: device.online,
  })),
  read('mobileNetwork', 'mobileNetwork/getSavedProfile', (doc) => ({ apn_list: doc.saveProfile.apn_list })),
  read('mobileNetwork', 'mobileNetwork/getBindConfig', (doc) => doc.settingBind),
  read('mobileNetwork', 'mobileNetwork/getPINConfig', (doc) => doc.simSetting),

  /** Saves a profile for later (replacing one of the same name); it is not put in use. */
  write(
    'mobileNetwork',
    'POST',
    'mobileNetwork/saveProfile',
    (doc, body: ApnProfile & { id: string }): Doc => ({
      ...doc,
      saveProfile: { apn_list: upsertBy(doc.saveProfile.apn_list, 'name', withoutId(body)) },
    }),
  ),
  write(
    'mobileNetwork',
    'PATCH',
    'mobileNetwork/apnSetting',
    (doc, body: Pick<Doc, 'toggle' | 'apnSetting'>): Doc => ({
      ...doc,
      toggle: body.toggle,
      apnSetting: body.apnSetting,
    }),
  ),
  write('mobileNetwork', 'PATCH', 'mobileNetwork/settingBind', (doc, body: Doc['settingBind']): Doc => ({
    ...doc,
    settingBind: { mode: body.mode },
  })),
  write('mobileNetwork', 'PATCH', 'mobileNetwork/simSetting', (doc, body: Doc['simSetting']): Doc => ({
    ...doc,
    simSetting: { auto_unlock: body.auto_unlock, code: body.code },
  })),
  write('mobileNetwork', 'DELETE', 'mobileNetwork/deleteProfile', (doc, body: { name: string }): Doc => ({
    ...doc,
    saveProfile: { apn_list: removeBy(doc.saveProfile.apn_list, 'name', body.name) },
  })),
];
