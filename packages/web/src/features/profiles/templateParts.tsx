/**
 * The parts of a profile template (SPEC 3) and the device sections' own editors for them: WAN, DHCP, the
 * mobile network and Wi-Fi, each given the template's part as the section's document, as a policy profile's
 * editor is (sectionEditors.tsx). An editor's Apply puts its part into the template's draft through the
 * same change the console makes on a device; the template's Save stores it. The device name is a field of
 * the template's own form.
 */
import type { ReactNode } from 'react';
import {
  DEFAULT_LAN_VID,
  applySectionWrite,
  dhcpDefaults,
  type DhcpSection,
  type ProfileTemplate,
  type SectionKey,
  type WanInterface,
} from '@edge/protocol';
import type { SectionContext } from '../deviceSettings/SectionFrame.tsx';
import { WanEditor } from '../deviceSettings/WanSection.tsx';
import { DhcpEditor } from '../deviceSettings/dhcp/DhcpSection.tsx';
import { MobileNetworkBlocks } from '../deviceSettings/mobileNetwork/MobileNetworkSection.tsx';
import { WifiEditor } from '../deviceSettings/WifiSection.tsx';
import { SECTION_EDITORS, type ProfileScope } from './sectionEditors.tsx';

export const templateParts = ['wan', 'dhcp', 'mobileNetwork', 'wifi'] as const;
export type TemplatePart = (typeof templateParts)[number];

interface TemplatePartSpec {
  section: SectionKey;
  /** The part as the section's document the editor reads. */
  docOf(template: ProfileTemplate, scope: ProfileScope): unknown;
  render(context: SectionContext): ReactNode;
  /** The template after the editor's settings call `path` with `body`. */
  apply(template: ProfileTemplate, path: string, body: object): ProfileTemplate;
}

/** The template's one WAN among the interfaces the fleet reports: choosing another one and applying moves it. */
const wanChoices = (template: ProfileTemplate, scope: ProfileScope): WanInterface[] => [
  template.wan,
  ...scope.wans
    .filter((iface) => iface !== template.wan.iface)
    .map((iface): WanInterface => ({
      iface,
      mode: 'dhcp',
      dns_mode: 'auto',
      dns_server_1: '',
      dns_server_2: '',
    })),
];

/** A device adopted with a template has only its LAN: the one pool is the LAN's (a removed one is the default). */
const dhcpOf = (doc: DhcpSection): ProfileTemplate['dhcp'] =>
  doc.list.find((pool) => pool.vid === DEFAULT_LAN_VID) ?? dhcpDefaults.list[0]!;

export const TEMPLATE_PARTS: Record<TemplatePart, TemplatePartSpec> = {
  wan: {
    section: 'wan',
    docOf: (template, scope) => ({ list: wanChoices(template, scope), savedNetworks: [] }),
    render: (context) => <WanEditor {...context} />,
    apply: (template, _path, body) => ({ ...template, wan: body as WanInterface }),
  },
  dhcp: {
    section: 'dhcp',
    docOf: (template) => ({ list: [template.dhcp] }),
    render: (context) => <DhcpEditor vids={[DEFAULT_LAN_VID]} {...context} />,
    apply: (template, path, body) => {
      const next = applySectionWrite<'dhcp'>(path, { list: [template.dhcp] }, body);
      return next ? { ...template, dhcp: dhcpOf(next) } : template;
    },
  },
  mobileNetwork: {
    section: 'mobileNetwork',
    docOf: (template) => template.mobileNetwork,
    render: (context) => <MobileNetworkBlocks {...context} />,
    apply: (template, path, body) => ({
      ...template,
      mobileNetwork: SECTION_EDITORS.apn.docOf(
        path,
        body,
        template.mobileNetwork,
      ) as ProfileTemplate['mobileNetwork'],
    }),
  },
  wifi: {
    section: 'wifi',
    docOf: (template) => template.wifi,
    render: (context) => <WifiEditor {...context} />,
    apply: (template, path, body) => ({
      ...template,
      wifi: {
        ...(SECTION_EDITORS.wifi.docOf(path, body, template.wifi) as ProfileTemplate['wifi']),
        accounts: [],
      },
    }),
  },
};
