/**
 * The device sections' own editors (deviceSettings), given a policy profile's document instead of a
 * device's: one form per section, not a second copy. Each editor ends in the settings call it would make
 * on a device (`apply(path, body)`); here that call is made on the profile's document (protocol
 * `sectionWrites`, the console's own handlers' changes). Editors whose Apply sends the whole part they
 * edit (firewall, Wi-Fi, VLAN, the Multiple WAN policy) save the profile with it; those that change one row
 * at a time (DHCP pools, APN, WAN binding, the blacklist) change the draft, saved with the profile's Save.
 */
import type { ReactNode } from 'react';
import {
  DEFAULT_LAN_VID,
  applySectionWrite,
  multipleWanDefaults,
  ssidRowOf,
  type MultipleWanSection,
  type PolicyProfileKind,
  type SectionKey,
  type SectionStateView,
  type WifiSettingRequest,
} from '@edge/protocol';
import type { SectionContext } from '../deviceSettings/SectionFrame.tsx';
import { documentOf } from '../deviceSettings/document.ts';
import { FirewallEditor } from '../deviceSettings/firewall/FirewallSection.tsx';
import { WifiEditor } from '../deviceSettings/WifiSection.tsx';
import { VlanEditor } from '../deviceSettings/vlan/VlanSection.tsx';
import { DhcpEditor } from '../deviceSettings/dhcp/DhcpSection.tsx';
import { MobileNetworkBlocks } from '../deviceSettings/mobileNetwork/MobileNetworkSection.tsx';
import { PolicyForm } from '../deviceSettings/multipleWan/PolicyForm.tsx';
import { WanBindingBlocks } from '../deviceSettings/multipleWan/MultipleWanSection.tsx';
import { BlacklistEditor } from '../deviceSettings/clients/ClientsSection.tsx';
import { useFleetChoices } from './api.ts';

/** What a profile's editor knows of the fleet it is written for. */
export interface ProfileScope {
  /** The LAN, the VLANs devices report and those VLAN profiles create: what a pool or a binding may be for. */
  vids: readonly number[];
  /** WAN interfaces a profile may name: those the devices report. */
  wans: readonly string[];
  /** LAN ports whose VLAN mode a VLAN profile sets: those the devices report. */
  lanPorts: readonly string[];
}

interface ProfileEditorSpec {
  render(context: SectionContext, scope: ProfileScope): ReactNode;
  /** The profile's document after the editor's settings call `path` with `body`, from `current`. */
  docOf(path: string, body: object, current: unknown): unknown;
  /** The editor's Apply sends the whole part it edits: the profile is saved with it. */
  savesOnApply: boolean;
}

/** A call that changes one part of the document, through the same change the console makes on a device. */
const written = (path: string, body: object, current: unknown): unknown => {
  const next = applySectionWrite(path, current as never, body);
  if (next === undefined) throw new Error(`no profile change for ${path}`);
  return next;
};

export const SECTION_EDITORS: Record<PolicyProfileKind, ProfileEditorSpec> = {
  firewall: {
    render: (context) => <FirewallEditor {...context} />,
    docOf: (_path, body) => body,
    savesOnApply: true,
  },
  wifi: {
    render: (context) => <WifiEditor {...context} />,
    // wifi/setting names each row's VLAN choice, as the device's API takes it; the section keeps the VID.
    docOf: (_path, body) => {
      const request = body as WifiSettingRequest;
      return { ...request, list: request.list.map(ssidRowOf) };
    },
    savesOnApply: true,
  },
  vlan: {
    render: (context, scope) => <VlanEditor lanPorts={scope.lanPorts} {...context} />,
    docOf: written,
    savesOnApply: true,
  },
  dhcp: {
    render: (context, scope) => <DhcpEditor vids={scope.vids} {...context} />,
    docOf: written,
    savesOnApply: false,
  },
  apn: {
    render: (context) => <MobileNetworkBlocks {...context} />,
    docOf: written,
    savesOnApply: false,
  },
  multipleWan: {
    render: ({ view, apply, busy }, scope) => {
      const {
        binding: _binding,
        maRules: _maRules,
        ...policy
      } = documentOf<MultipleWanSection>(view, multipleWanDefaults);
      return <PolicyForm policy={policy} wans={scope.wans} apply={apply} busy={busy} />;
    },
    docOf: written,
    savesOnApply: true,
  },
  wanBinding: {
    render: ({ view, apply }, scope) => (
      <WanBindingBlocks
        doc={documentOf<MultipleWanSection>(view, multipleWanDefaults)}
        wans={scope.wans}
        vids={scope.vids}
        apply={apply}
      />
    ),
    docOf: written,
    savesOnApply: false,
  },
  blacklist: {
    render: (context) => <BlacklistEditor {...context} />,
    docOf: written,
    savesOnApply: false,
  },
};

/** The kinds a profile can be made of on this screen. */
export const editableKinds = Object.keys(SECTION_EDITORS) as PolicyProfileKind[];

/** The scope of the fleet's profiles: the interfaces, LAN ports and VLANs its devices report. */
export function useProfileScope(): ProfileScope {
  const choices = useFleetChoices().data;
  return {
    vids: choices?.vids ?? [DEFAULT_LAN_VID],
    wans: choices?.wans ?? [],
    lanPorts: choices?.lanPorts ?? [],
  };
}

/** A profile's document as the editors read a section: what the console wants, nothing reported. */
export const draftView = (section: SectionKey, doc: unknown, version: number): SectionStateView => ({
  section,
  state: 'in_sync',
  outcome: null,
  desired: doc,
  desiredVersion: version,
  reported: null,
  reportedVersion: null,
  reportedAt: null,
  drift: [],
  lastError: null,
  lastErrorCode: null,
  confirmBy: null,
  mayCutOff: false,
  updatedBy: null,
  updatedAt: null,
});
