/** The configuration sections of a device (ARCHITECTURE, "Configuration: desired and reported"). */
export const SECTION_KEYS = [
  'portType',
  'mobileNetwork',
  'wifi',
  'wan',
  'multipleWan',
  'nat',
  'portForward',
  'dhcp',
  'vlan',
  'firewall',
  'general',
  'clients',
] as const;

export type SectionKey = (typeof SECTION_KEYS)[number];

export const isSectionKey = (value: string): value is SectionKey =>
  (SECTION_KEYS as readonly string[]).includes(value);
