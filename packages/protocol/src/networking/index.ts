/** Device network configuration: the sections, their rules, defaults and settings calls. */
export * from './rules.ts';
export * from './ipv4.ts';
export * from './compare.ts';
export { SETTINGS_API_ROOT, type SettingsCall, type SettingsMethod } from './calls.ts';
export * from './portType.ts';
export * from './mobileNetwork.ts';
export * from './wifi.ts';
export * from './wan.ts';
export * from './multipleWan.ts';
export * from './nat.ts';
export * from './portForward.ts';
export * from './dhcp.ts';
export * from './vlan.ts';
export * from './firewall.ts';
export * from './general.ts';
export * from './clients.ts';
export * from './profileTemplate.ts';
export * from './sections.ts';
