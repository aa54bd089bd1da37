/**
 * The provisioning profile template (SPEC 3): what a device is given when it is adopted with a
 * profile. Its parts are the sections' own shapes, with the template's SPEC 9 defaults
 * (SIM PIN 0000, APN profile type pnp with PAP, Wi-Fi 2.4G / channel 10 / 20 MHz / 100 % / WPA2).
 *
 * SPEC 5's provisioning rules are the sections' own: profile name, APN setting name, APN name (a pnp
 * profile finds its APN itself) and SIM PIN code not empty; APN user name, password and authentication all
 * filled or all empty; no 「：」 or 「=」 in a name the device stores as `name=value`.
 */
import { z } from 'zod';
import { report, text } from './fields.ts';
import { DEFAULT_LAN_VID, deviceNameRule, nameValueRule, notEmptyRule } from './rules.ts';
import { dhcpDefaults, dhcpPool } from './dhcp.ts';
import { mobileNetworkDefaults, mobileNetworkSection } from './mobileNetwork.ts';
import { wanDefaults, wanInterface } from './wan.ts';
import { wifiDefaults, wifiSection } from './wifi.ts';

/** A template's name is what the provisioning CSV's profile column and the Adopt dialog name it by. */
export const PROFILE_TEMPLATE_NAME_MAX = 64;

export const profileTemplateNameRule = (value: string) =>
  notEmptyRule('profileNameEmpty')(value) ??
  (value.length > PROFILE_TEMPLATE_NAME_MAX ? 'profileNameLength' : nameValueRule(value));

export const profileTemplate = z
  .object({
    name: text(profileTemplateNameRule),
    deviceName: text(deviceNameRule),
    dhcp: dhcpPool,
    mobileNetwork: mobileNetworkSection,
    wan: wanInterface,
    wifi: wifiSection,
  })
  .superRefine((template, ctx) => {
    // A device adopted with a template has no tagged VLAN yet: its DHCP pool is the LAN's.
    if (template.dhcp.vid !== DEFAULT_LAN_VID) report(ctx, 'vlanUnknown', ['dhcp', 'vid']);
  });
export type ProfileTemplate = z.infer<typeof profileTemplate>;

/** A new template: a copy of its own, the sections' defaults are shared. */
export const profileTemplateDefaults = (name: string): ProfileTemplate =>
  structuredClone({
    name,
    deviceName: 'edge-router',
    dhcp: dhcpDefaults.list[0]!,
    mobileNetwork: mobileNetworkDefaults,
    wan: wanDefaults.list[0]!,
    wifi: wifiDefaults,
  });
