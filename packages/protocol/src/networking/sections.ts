/**
 * Every configuration section in one place, so a generic desired/reported store can validate any of
 * them, fill a new device with defaults, route every settings call and decide whether an apply needs
 * confirm-or-rollback (ARCHITECTURE, "Configuration: desired and reported").
 */
import type { z } from 'zod';
import { SECTION_KEYS, type SectionKey } from './keys.ts';
import type { SettingsCall } from './calls.ts';
import { portTypeCalls, portTypeDefaults, portTypeMayCutOff, portTypeSection } from './portType.ts';
import {
  mobileNetworkCalls,
  mobileNetworkDefaults,
  mobileNetworkMayCutOff,
  mobileNetworkSection,
} from './mobileNetwork.ts';
import { wifiCalls, wifiDefaults, wifiSection } from './wifi.ts';
import { wanCalls, wanDefaults, wanMayCutOff, wanSection } from './wan.ts';
import {
  multipleWanCalls,
  multipleWanDefaults,
  multipleWanMayCutOff,
  multipleWanSection,
} from './multipleWan.ts';
import { natCalls, natDefaults, natSection } from './nat.ts';
import { portForwardCalls, portForwardDefaults, portForwardSection } from './portForward.ts';
import { dhcpCalls, dhcpDefaults, dhcpMayCutOff, dhcpSection } from './dhcp.ts';
import { vlanCalls, vlanDefaults, vlanMayCutOff, vlanSection } from './vlan.ts';
import { firewallCalls, firewallDefaults, firewallSection } from './firewall.ts';
import { generalCalls, generalDefaults, generalSection } from './general.ts';
import { clientsCalls, clientsDefaults, clientsSection } from './clients.ts';

export { SECTION_KEYS, isSectionKey, type SectionKey } from './keys.ts';

/** Section key -> zod schema of the whole section document (desired and reported alike). */
export const sectionSchemas = {
  portType: portTypeSection,
  mobileNetwork: mobileNetworkSection,
  wifi: wifiSection,
  wan: wanSection,
  multipleWan: multipleWanSection,
  nat: natSection,
  portForward: portForwardSection,
  dhcp: dhcpSection,
  vlan: vlanSection,
  firewall: firewallSection,
  general: generalSection,
  clients: clientsSection,
} as const satisfies Record<SectionKey, z.ZodType>;

export type SectionDocs = { [K in SectionKey]: z.infer<(typeof sectionSchemas)[K]> };
export type SectionDoc<K extends SectionKey = SectionKey> = SectionDocs[K];

/** What a section holds before anyone has changed it (SPEC 9 defaults where it gives them). */
export const sectionDefaults: SectionDocs = {
  portType: portTypeDefaults,
  mobileNetwork: mobileNetworkDefaults,
  wifi: wifiDefaults,
  wan: wanDefaults,
  multipleWan: multipleWanDefaults,
  nat: natDefaults,
  portForward: portForwardDefaults,
  dhcp: dhcpDefaults,
  vlan: vlanDefaults,
  firewall: firewallDefaults,
  general: generalDefaults,
  clients: clientsDefaults,
};

/** Validates a document of any section, e.g. one a device reported or one read back from the store. */
export function parseSection<K extends SectionKey>(section: K, doc: unknown) {
  return (sectionSchemas[section] as unknown as z.ZodType<SectionDocs[K]>).safeParse(doc);
}

/** All device settings calls of SPEC 7 under /api/v1/inventory/settings/, and the few it leaves out. */
export const settingsCalls: readonly SettingsCall[] = [
  ...portTypeCalls,
  ...mobileNetworkCalls,
  ...wifiCalls,
  ...wanCalls,
  ...multipleWanCalls,
  ...natCalls,
  ...portForwardCalls,
  ...dhcpCalls,
  ...vlanCalls,
  ...firewallCalls,
  ...generalCalls,
  ...clientsCalls,
];

type CutOffCheck<K extends SectionKey> = (before: SectionDocs[K], after: SectionDocs[K]) => boolean;

/**
 * The sections whose apply can cut the device off from the console (or the user's browser), so the
 * agent applies them with confirm-or-rollback; each with the test of whether a given change can.
 */
const cutOffChecks: { [K in SectionKey]?: CutOffCheck<K> } = {
  portType: portTypeMayCutOff,
  wan: wanMayCutOff,
  multipleWan: multipleWanMayCutOff,
  vlan: vlanMayCutOff,
  dhcp: dhcpMayCutOff,
  mobileNetwork: mobileNetworkMayCutOff,
};

/** Per section: can applying it ever cut the device off? */
export const mayCutOff = Object.fromEntries(SECTION_KEYS.map((key) => [key, key in cutOffChecks])) as Record<
  SectionKey,
  boolean
>;

/**
 * Whether applying `after` over `before` can cut the device off, so the agent must apply it with
 * confirm-or-rollback. With no `before` (never reported) a section that can cut off is assumed to.
 */
export function applyMayCutOff<K extends SectionKey>(
  section: K,
  before: SectionDocs[K] | null | undefined,
  after: SectionDocs[K],
): boolean {
  const check = cutOffChecks[section] as CutOffCheck<K> | undefined;
  if (!check) return false;
  return before == null ? true : check(before, after);
}
