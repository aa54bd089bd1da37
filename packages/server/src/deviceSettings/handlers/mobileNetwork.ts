/** Mobile network: APN in use and saved APN profiles, SIM binding and PIN; signal and identity live. */
import { sectionWrites, type ApnProfile, type MobileNetworkSection } from '@edge/protocol';
import { read, write } from './types.ts';
import { findBy, withoutId } from './lists.ts';

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
  write('mobileNetwork', 'POST', 'mobileNetwork/saveProfile', (doc, body: ApnProfile & { id: string }): Doc =>
    sectionWrites['mobileNetwork/saveProfile'](doc, withoutId(body)),
  ),
  write(
    'mobileNetwork',
    'PATCH',
    'mobileNetwork/apnSetting',
    (doc, body: Pick<Doc, 'toggle' | 'apnSetting'>) => sectionWrites['mobileNetwork/apnSetting'](doc, body),
  ),
  write('mobileNetwork', 'PATCH', 'mobileNetwork/settingBind', (doc, body: Doc['settingBind']) =>
    sectionWrites['mobileNetwork/settingBind'](doc, body),
  ),
  write('mobileNetwork', 'PATCH', 'mobileNetwork/simSetting', (doc, body: Doc['simSetting']) =>
    sectionWrites['mobileNetwork/simSetting'](doc, body),
  ),
  write('mobileNetwork', 'DELETE', 'mobileNetwork/deleteProfile', (doc, body: { name: string }): Doc => {
    findBy(doc.saveProfile.apn_list, 'name', body.name);
    return sectionWrites['mobileNetwork/deleteProfile'](doc, body);
  }),
];
