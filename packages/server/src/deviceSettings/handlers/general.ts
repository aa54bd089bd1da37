/** General: the device name, and remote help (SPEC 7 keeps the latter under agent/). */
import type { GeneralSection } from '@edge/protocol';
import { read, write } from './types.ts';

type Doc = GeneralSection;

export const generalHandlers = [
  read('general', 'generalSetting/getConfig', (doc) => ({ deviceName: doc.deviceName })),
  write('general', 'PATCH', 'generalSetting/setting', (doc, body: Pick<Doc, 'deviceName'>): Doc => ({
    ...doc,
    deviceName: body.deviceName,
  })),
  read('general', 'agent/generalSetting/get', (doc) => ({ remoteHelp: doc.remoteHelp })),
  write('general', 'POST', 'agent/generalSetting/setting', (doc, body: Pick<Doc, 'remoteHelp'>): Doc => ({
    ...doc,
    remoteHelp: body.remoteHelp,
  })),
];
