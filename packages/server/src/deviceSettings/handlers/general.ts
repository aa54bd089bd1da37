/** General: the device name, remote help and the jump-to services (SPEC 7 keeps the last two under agent/). */
import { JUMP_SERVICE_TYPES, type GeneralSection, type JumpService } from '@edge/protocol';
import { read, write } from './types.ts';
import { removeBy, replaceBy, withoutId } from './lists.ts';

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
  read('general', 'agent/jumptoservices/get', (doc) => ({ list: doc.jumpServices })),
  // A second service on a port is refused by the section's own rule (jumpServiceDuplicate).
  write('general', 'POST', 'agent/jumptoservices/create', (doc, body: JumpService & { id: string }): Doc => ({
    ...doc,
    jumpServices: [...doc.jumpServices, withoutId(body)],
  })),
  write(
    'general',
    'POST',
    'agent/jumptoservices/setting',
    (doc, body: JumpService & { id: string }): Doc => ({
      ...doc,
      jumpServices: replaceBy(doc.jumpServices, 'port', withoutId(body)),
    }),
  ),
  write('general', 'DELETE', 'agent/jumptoservices/delete', (doc, body: { port: number }): Doc => ({
    ...doc,
    jumpServices: removeBy(doc.jumpServices, 'port', body.port),
  })),
  read('general', 'agent/jumptoservices/type/list', () => ({ list: [...JUMP_SERVICE_TYPES] })),
];
