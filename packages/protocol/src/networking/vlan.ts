/**
 * VLAN (SPEC 2, 3, 5): the VLANs of the LAN bridge (ID 2-4094 and a description) and each LAN port's
 * mode: access (untagged in one VLAN) or trunk (tagged in 2 to 4 VLANs, untagged in the LAN).
 * A VLAN's addresses and DHCP server are its DHCP pool (dhcp.ts, same vid).
 */
import { z } from 'zod';
import { report, selected, text, wholeNumber } from './fields.ts';
import {
  DEFAULT_LAN_VID,
  duplicateIndex,
  interfaceFieldRule,
  lanVidRule,
  parseVlanList,
  notEmptyRule,
  trunkVlanListRule,
  vlanIdRule,
} from './rules.ts';
import { call, deviceQuery, forDevice } from './calls.ts';
import { sameDocument } from './compare.ts';

export const vlanEntry = z.object({
  vid: selected(wholeNumber(vlanIdRule), 'vlanIdRequired'),
  description: text(notEmptyRule('vlanDescriptionEmpty')),
});
export type VlanEntry = z.infer<typeof vlanEntry>;

export const vlanPortModes = ['access', 'trunk'] as const;

const portName = text(interfaceFieldRule('interfaceRequired'));
export const vlanPort = z.discriminatedUnion('mode', [
  z.object({
    port: portName,
    mode: z.literal('access'),
    vid: selected(wholeNumber(lanVidRule), 'vlanIdRequired'),
  }),
  /** `vids` is the SPEC's VLAN list, e.g. "10,20-22". */
  z.object({ port: portName, mode: z.literal('trunk'), vids: text(trunkVlanListRule) }),
]);
export type VlanPort = z.infer<typeof vlanPort>;

/** The VLAN IDs a port is in besides the untagged LAN. */
export function vlansOfPort(port: VlanPort): number[] {
  if (port.mode === 'access') return port.vid === DEFAULT_LAN_VID ? [] : [port.vid];
  return parseVlanList(port.vids) ?? [];
}

export const vlanSection = z
  .object({
    list: z.array(vlanEntry),
    /** LAN ports not listed stay untagged in the LAN. */
    ports: z.array(vlanPort),
  })
  .superRefine((doc, ctx) => {
    const dupVid = duplicateIndex(doc.list.map((v) => v.vid));
    if (dupVid >= 0) report(ctx, 'vlanDuplicate', ['list', dupVid, 'vid']);
    const dupPort = duplicateIndex(doc.ports.map((p) => p.port));
    if (dupPort >= 0) report(ctx, 'portDuplicate', ['ports', dupPort, 'port']);
    const known = new Set(doc.list.map((v) => v.vid));
    doc.ports.forEach((port, i) => {
      if (vlansOfPort(port).some((vid) => !known.has(vid)))
        report(ctx, 'vlanUnknown', ['ports', i, port.mode === 'access' ? 'vid' : 'vids']);
    });
  });
export type VlanSection = z.infer<typeof vlanSection>;

/** No VLAN: every LAN port untagged in the LAN. */
export const vlanDefaults: VlanSection = { list: [], ports: [] };

export const vlanRemoveRequest = forDevice(
  z.object({ vid: selected(wholeNumber(vlanIdRule), 'vlanIdRequired') }),
);

export const vlanCalls = [
  call('vlan', 'GET', 'vlan/currentConfig', deviceQuery),
  call('vlan', 'POST', 'vlan/create', forDevice(vlanEntry)),
  /** Edit applies the VLAN list with its port modes (SPEC 2 "VLAN list with port mode and apply"). */
  call('vlan', 'PATCH', 'vlan/edit', forDevice(vlanSection)),
  /** Back to the defaults: no VLAN. */
  call('vlan', 'PATCH', 'vlan/reset', deviceQuery),
  call('vlan', 'DELETE', 'vlan/remove', vlanRemoveRequest),
];

/**
 * Re-tagging a port, or removing a VLAN, can strand the user's own port; a new VLAN or a new
 * description cannot.
 */
export function vlanMayCutOff(before: VlanSection, after: VlanSection): boolean {
  const vids = (doc: VlanSection) => doc.list.map((v) => v.vid).sort((a, b) => a - b);
  return !sameDocument(before.ports, after.ports) || vids(before).some((vid) => !vids(after).includes(vid));
}
