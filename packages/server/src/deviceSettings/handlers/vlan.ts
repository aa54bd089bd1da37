/** VLAN list with port modes. A VLAN still used by a port cannot be removed (the section's rule says so). */
import { sectionWrites, type VlanEntry, type VlanSection } from '@edge/protocol';
import { read, write } from './types.ts';
import { removeBy, withoutId } from './lists.ts';

type Doc = VlanSection;

export const vlanHandlers = [
  read('vlan', 'vlan/currentConfig', (doc) => doc),
  write('vlan', 'POST', 'vlan/create', (doc, body: VlanEntry): Doc => ({
    ...doc,
    list: [...doc.list, { vid: body.vid, description: body.description }],
  })),
  write('vlan', 'PATCH', 'vlan/edit', (doc, body: Doc & { id: string }): Doc =>
    sectionWrites['vlan/edit'](doc, withoutId(body)),
  ),
  write('vlan', 'PATCH', 'vlan/reset', (): Doc => sectionWrites['vlan/reset']()),
  write('vlan', 'DELETE', 'vlan/remove', (doc, body: { vid: number }): Doc => ({
    ...doc,
    list: removeBy(doc.list, 'vid', body.vid),
  })),
];
