/**
 * The provisioning profile template (SPEC 3): what a device is given when it is adopted with a
 * profile. Its parts are the sections' own shapes, with the template's SPEC 9 defaults
 * (SIM PIN 0000, APN profile type pnp with PAP, Wi-Fi 2.4G / channel 10 / 20 MHz / 100 % / WPA2).
 */
import { z } from 'zod';
import { text } from './fields.ts';
import { deviceNameRule, notEmptyRule } from './rules.ts';
import { dhcpDefaults, dhcpPool } from './dhcp.ts';
import { mobileNetworkDefaults, mobileNetworkSection } from './mobileNetwork.ts';
import { wanDefaults, wanInterface } from './wan.ts';
import { wifiDefaults, wifiSection } from './wifi.ts';

export const profileTemplate = z.object({
  name: text(notEmptyRule('profileNameEmpty')),
  deviceName: text(deviceNameRule),
  dhcp: dhcpPool,
  mobileNetwork: mobileNetworkSection,
  wan: wanInterface,
  wifi: wifiSection,
});
export type ProfileTemplate = z.infer<typeof profileTemplate>;

export const profileTemplateDefaults = (name: string): ProfileTemplate => ({
  name,
  deviceName: 'edge-router',
  dhcp: dhcpDefaults.list[0]!,
  mobileNetwork: mobileNetworkDefaults,
  wan: wanDefaults.list[0]!,
  wifi: wifiDefaults,
});
