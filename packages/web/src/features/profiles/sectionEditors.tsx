/**
 * The device sections' own editors (deviceSettings), given a policy profile's document instead of a
 * device's: one form per section, not a second copy. Each editor ends in the settings call it would make
 * on a device (`apply(path, body)`); here that body becomes the profile's document.
 */
import type { ReactNode } from 'react';
import {
  ssidRowOf,
  type PolicyProfileKind,
  type SectionKey,
  type SectionStateView,
  type WifiSettingRequest,
} from '@edge/protocol';
import type { SectionContext } from '../deviceSettings/SectionFrame.tsx';
import { FirewallEditor } from '../deviceSettings/firewall/FirewallSection.tsx';
import { WifiEditor } from '../deviceSettings/WifiSection.tsx';

interface ProfileEditorSpec {
  render(context: SectionContext): ReactNode;
  /** The section document the editor's settings call stands for. */
  docOf(body: object): unknown;
}

export const SECTION_EDITORS: Partial<Record<PolicyProfileKind, ProfileEditorSpec>> = {
  firewall: { render: (context) => <FirewallEditor {...context} />, docOf: (body) => body },
  wifi: {
    render: (context) => <WifiEditor {...context} />,
    // wifi/setting names each row's VLAN choice, as the device's API takes it; the section keeps the VID.
    docOf: (body) => {
      const request = body as WifiSettingRequest;
      return { ...request, list: request.list.map(ssidRowOf) };
    },
  },
};

/** The kinds a profile can be made of on this screen. */
export const editableKinds = Object.keys(SECTION_EDITORS) as PolicyProfileKind[];

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
