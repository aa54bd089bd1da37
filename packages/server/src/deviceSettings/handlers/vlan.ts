/** VLAN list with port modes. A VLAN still used by a port cannot be removed (the section's rule says so). */
import { vlanDefaults, type VlanEntry, type VlanSection } from '@edge/protocol';
import { read, write } from './types.ts';
import { removeBy, withoutId } from './lists.ts';

type Doc = VlanSection;

export const vlanHandlers = [
  read('vlan', 'vlan/currentConfig', (doc) => doc),
  write('vlan', 'POST', 'vlan/create', (doc, body: VlanEntry): Doc => ({
    ...doc,
    list: [...doc.list, { vid: body.vid, description: body.description }],
  })),
  write('vlan', 'PATCH', 'vlan/edit', (_doc, body: Doc & { id: string }): Doc => withoutId(body)),
  write('vlan', 'PATCH', 'vlan/reset', (): Doc => structuredClone(vlanDefaults)),
  write('vlan', 'DELETE', 'vlan/remove', (doc, body: { vid: number }): Doc => ({
    ...doc,
    list: removeBy(doc.list, 'vid', body.vid),
  })),
];
