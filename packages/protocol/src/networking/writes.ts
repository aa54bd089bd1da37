/**
 * What a settings call does to its section's document, for the calls that edit one row or one part of a
 * section: the console's settings handlers (server deviceSettings) apply them to a device's document, and
 * a policy profile's editor (web profiles) to the profile's, so the sections' editors serve both. Bodies
 * are the calls' own (without the device id); the checks that need the device (its VLANs, its WANs) stay
 * with the server's handlers.
 */
import { vlanDefaults, type VlanSection } from './vlan.ts';
import type { DhcpPool, DhcpSection } from './dhcp.ts';
import { blockClient, unblockClient, type BlockedClient, type ClientsSection } from './clients.ts';
import type { ApnProfile, MobileNetworkSection } from './mobileNetwork.ts';
import type { MaRule, MultipleWanSection, WanBinding } from './multipleWan.ts';
import type { SectionDocs, SectionKey } from './sections.ts';

/** Replaces the row with the same `key`, or adds it at the end. */
export function upsertBy<T, K extends keyof T>(list: readonly T[], key: K, row: T): T[] {
  const at = list.findIndex((r) => r[key] === row[key]);
  return at < 0 ? [...list, row] : list.map((r, i) => (i === at ? row : r));
}

/** The list without the row whose `key` is `value`. */
export const removeBy = <T, K extends keyof T>(list: readonly T[], key: K, value: T[K]): T[] =>
  list.filter((row) => row[key] !== value);

type MultipleWanPolicy = Pick<
  MultipleWanSection,
  'mode' | 'primary' | 'secondary' | 'backup' | 'detection' | 'loadBalance'
>;

const bind = (doc: MultipleWanSection, binding: WanBinding): MultipleWanSection => ({
  ...doc,
  binding: upsertBy(doc.binding, 'vid', binding),
});

/** Per call (its path under the settings root): the next document from the current one and the body. */
export const sectionWrites = {
  'vlan/edit': (_doc: VlanSection, body: VlanSection): VlanSection => ({
    list: body.list,
    ports: body.ports,
  }),
  'vlan/reset': (): VlanSection => structuredClone(vlanDefaults),

  'dhcp/setting': (doc: DhcpSection, pool: DhcpPool): DhcpSection => ({
    list: upsertBy(doc.list, 'vid', pool),
  }),
  'dhcp/removeDHCP': (doc: DhcpSection, body: { vid: number }): DhcpSection => ({
    list: removeBy(doc.list, 'vid', body.vid),
  }),

  'clients/block': (doc: ClientsSection, body: BlockedClient): ClientsSection =>
    blockClient(doc, { mac: body.mac, name: body.name }),
  'clients/unblock': (doc: ClientsSection, body: { mac: string }): ClientsSection =>
    unblockClient(doc, body.mac),

  /** Saves an APN profile for later (replacing one of the same name); it is not put in use. */
  'mobileNetwork/saveProfile': (doc: MobileNetworkSection, profile: ApnProfile): MobileNetworkSection => ({
    ...doc,
    saveProfile: { apn_list: upsertBy(doc.saveProfile.apn_list, 'name', profile) },
  }),
  'mobileNetwork/apnSetting': (
    doc: MobileNetworkSection,
    body: Pick<MobileNetworkSection, 'toggle' | 'apnSetting'>,
  ): MobileNetworkSection => ({ ...doc, toggle: body.toggle, apnSetting: body.apnSetting }),
  'mobileNetwork/settingBind': (
    doc: MobileNetworkSection,
    body: MobileNetworkSection['settingBind'],
  ): MobileNetworkSection => ({ ...doc, settingBind: { mode: body.mode } }),
  'mobileNetwork/simSetting': (
    doc: MobileNetworkSection,
    body: MobileNetworkSection['simSetting'],
  ): MobileNetworkSection => ({ ...doc, simSetting: { auto_unlock: body.auto_unlock, code: body.code } }),
  'mobileNetwork/deleteProfile': (
    doc: MobileNetworkSection,
    body: { name: string },
  ): MobileNetworkSection => ({
    ...doc,
    saveProfile: { apn_list: removeBy(doc.saveProfile.apn_list, 'name', body.name) },
  }),

  'multipleWan/setLb': (doc: MultipleWanSection, body: MultipleWanPolicy): MultipleWanSection => {
    const { mode, primary, secondary, backup, detection, loadBalance } = body;
    return { ...doc, mode, primary, secondary, backup, detection, loadBalance };
  },
  'wanBinding/addMARule': (doc: MultipleWanSection, body: MaRule): MultipleWanSection => {
    const { name, destination, protocol, port, wan } = body;
    return { ...doc, maRules: [...doc.maRules, { name, destination, protocol, port, wan }] };
  },
  'wanBinding/setBind': (doc: MultipleWanSection, body: { vid: number; primary: string }) =>
    bind(doc, { vid: body.vid, mode: 'bind', primary: body.primary, secondary: 'None' }),
  'wanBinding/setFo': (doc: MultipleWanSection, body: { vid: number; primary: string; secondary: string }) =>
    bind(doc, { vid: body.vid, mode: 'failover', primary: body.primary, secondary: body.secondary }),
  'wanBinding/setMa': (doc: MultipleWanSection, body: { vid: number }) =>
    bind(doc, { vid: body.vid, mode: 'multiAccess', primary: '', secondary: '' }),
  'wanBinding/delMARule': (doc: MultipleWanSection, body: { name: string }): MultipleWanSection => ({
    ...doc,
    maRules: removeBy(doc.maRules, 'name', body.name),
  }),
} as const;

export type SectionWritePath = keyof typeof sectionWrites;

export const isSectionWritePath = (path: string): path is SectionWritePath => path in sectionWrites;

/** The document after `path` with `body`; `undefined` when the call is not one of these. */
export function applySectionWrite<K extends SectionKey>(
  path: string,
  doc: SectionDocs[K],
  body: unknown,
): SectionDocs[K] | undefined {
  if (!isSectionWritePath(path)) return undefined;
  const write = sectionWrites[path] as (doc: unknown, body: unknown) => SectionDocs[K];
  return write(doc, body);
}
