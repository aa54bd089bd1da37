/**
 * Wi-Fi (SPEC 2, 3): the radio (band, channel, width, TX power), the SSIDs it offers (the multiple
 * SSID table) and the authentication list. Client mode, where the radio joins an upstream network,
 * is a WAN (wan.ts, mode 'wifi'); it uses the network shape defined here.
 */
import { z } from 'zod';
import { macRule } from '../validation.ts';
import type { MessageCode } from '../messages.ts';
import { choice, report, selected, text, wholeNumber } from './fields.ts';
import {
  DEFAULT_LAN_VID,
  duplicateIndex,
  lanVidRule,
  notEmptyRule,
  ssidRule,
  txPowerRule,
  vlanIdRule,
  wifiChannelRule,
  wifiPasswordRule,
} from './rules.ts';
import { call, deviceQuery, forDevice } from './calls.ts';
import { wifiAccount } from '../auth-connect.ts';

/** The SPEC calls the band "mode" (template field `mode`, default 2.4G). */
export const wifiBands = ['2.4G', '5G'] as const;
export type WifiBand = (typeof wifiBands)[number];
export const wifiSecurityModes = ['WPA1', 'WPA2', 'WPA3'] as const;
export type WifiSecurity = (typeof wifiSecurityModes)[number];
/** Channel width: auto or MHz (SPEC 9); 80 and 160 MHz exist only at 5 GHz. */
export const channelWidths = ['auto', 20, 40, 80, 160] as const;
export type ChannelWidth = (typeof channelWidths)[number];
const WIDE_ONLY_5G: readonly ChannelWidth[] = [80, 160];
/** Whether the band has the channel width: 80 and 160 MHz only at 5 GHz. */
export const channelWidthFits = (band: string, width: ChannelWidth): boolean =>
  band !== '2.4G' || !WIDE_ONLY_5G.includes(width);

/** A network a radio joins or offers: SSID, password and security mode. */
export const wifiNetwork = z.object({
  ssid: text(ssidRule),
  password: text(wifiPasswordRule),
  wpa: choice(wifiSecurityModes, 'wifiSecurityRequired'),
});
export type WifiNetwork = z.infer<typeof wifiNetwork>;

/** One row of the multiple SSID table, as the device keeps it. */
export const wifiSsid = wifiNetwork.extend({
  idx: z.number().int().min(0),
  /** Whether this SSID is broadcast. */
  toggle: z.boolean(),
  /** The VLAN its clients join; 1 (DEFAULT_LAN_VID) is the untagged LAN. */
  vid: selected(wholeNumber(lanVidRule), 'vlanIdRequired'),
});
export type WifiSsid = z.infer<typeof wifiSsid>;

/**
 * Where an SSID's clients go, as the user chooses it (issue 14): the untagged LAN (no VLAN; VLAN 1 on the
 * wire) or a tagged VLAN, whose ID follows SPEC 5 (2-4094). "VLAN 1" typed as a tagged VLAN is refused
 * with the VLAN rule's words rather than quietly meaning the untagged LAN.
 */
export const ssidVlanModes = ['untagged', 'tagged'] as const;
export type SsidVlanMode = (typeof ssidVlanModes)[number];
/** The choice a stored row stands for. */
export const ssidVlanModeOf = (vid: number): SsidVlanMode =>
  vid === DEFAULT_LAN_VID ? 'untagged' : 'tagged';
/** The rule of the VLAN ID under each choice: tagged wants a VLAN ID 2-4094, untagged takes none. */
export const ssidVlanRule = (mode: SsidVlanMode, vid: unknown): MessageCode | null => {
  if (mode === 'untagged') return null;
  if (vid === undefined || vid === null || vid === '') return 'vlanIdRequired';
  return typeof vid === 'number' && Number.isInteger(vid) ? vlanIdRule(vid) : 'numberWhole';
};
/** The VLAN the device is told for a choice. */
export const ssidVidFor = (mode: SsidVlanMode, vid: number | undefined): number =>
  mode === 'untagged' ? DEFAULT_LAN_VID : (vid ?? DEFAULT_LAN_VID);

/**
 * An SSID row as the API takes it: with the choice (`vlan`) and, when tagged, the VLAN ID. A row without
 * `vlan` (an older client) is read from its `vid` as the device keeps it.
 */
export const wifiSsidRequest = wifiNetwork
  .extend({
    idx: z.number().int().min(0),
    toggle: z.boolean(),
    vlan: choice(ssidVlanModes, 'invalidChoice').optional(),
    vid: z.unknown().optional(),
  })
  .superRefine((row, ctx) => {
    if (row.vlan) report(ctx, ssidVlanRule(row.vlan, row.vid), ['vid']);
    else if (typeof row.vid !== 'number') report(ctx, 'vlanIdRequired', ['vid']);
    else report(ctx, lanVidRule(row.vid) ?? (Number.isInteger(row.vid) ? null : 'numberWhole'), ['vid']);
  });
export type WifiSsidRequest = z.infer<typeof wifiSsidRequest>;

/** The row the device keeps for a row the API took. */
export const ssidRowOf = ({ vlan, vid, ...row }: WifiSsidRequest): WifiSsid => ({
  ...row,
  vid: vlan ? ssidVidFor(vlan, vid as number | undefined) : (vid as number),
});

/** A station allowed to associate; when the list is not empty, only listed stations may join. */
export const wifiAuthentication = z.object({
  name: text(notEmptyRule('authenticationNameEmpty')),
  mac: text(macRule),
});
export type WifiAuthentication = z.infer<typeof wifiAuthentication>;

/** The section with rows of either shape: as the device keeps them, or as the API takes them. */
const wifiSectionOf = <Row extends typeof wifiSsid | typeof wifiSsidRequest>(row: Row) =>
  z
    .object({
      mode: choice(wifiBands, 'wifiBandRequired'),
      channel: selected(z.union([z.literal('auto'), z.number().int()]), 'wifiChannelRequired'),
      bandwidth: choice(channelWidths, 'wifiBandwidthRequired'),
      tx_power: selected(wholeNumber(txPowerRule), 'wifiTxPowerRequired'),
      list: z.array(row),
      authentication: z.array(wifiAuthentication),
      /**
       * Auth Connect accounts the device checks hotspot and 802.1X users against (auth-connect.ts); the
       * console sets them, an operator does not edit them here. Older documents have none.
       */
      accounts: z.array(wifiAccount).default([]),
    })
    .superRefine((doc, ctx) => {
      report(ctx, wifiChannelRule(doc.mode, doc.channel), ['channel']);
      if (!channelWidthFits(doc.mode, doc.bandwidth)) report(ctx, 'wifiBandwidthInvalid', ['bandwidth']);
      const dupIdx = duplicateIndex(doc.list.map((s) => s.idx));
      if (dupIdx >= 0) report(ctx, 'ssidIndexDuplicate', ['list', dupIdx, 'idx']);
      const dupMac = duplicateIndex(doc.authentication.map((a) => a.mac.toLowerCase()));
      if (dupMac >= 0) report(ctx, 'macDuplicate', ['authentication', dupMac, 'mac']);
      const dupName = duplicateIndex(doc.accounts.map((a) => a.name));
      if (dupName >= 0) report(ctx, 'authConnectNameTaken', ['accounts', dupName, 'name']);
    });

export const wifiSection = wifiSectionOf(wifiSsid);
/** PATCH wifi/setting: rows with the VLAN choice (wifiSsidRequest). */
export const wifiSettingRequest = wifiSectionOf(wifiSsidRequest);
export type WifiSection = z.infer<typeof wifiSection>;
export type WifiSettingRequest = z.infer<typeof wifiSettingRequest>;

/** SPEC 9: mode 2.4G, channel 10, bandwidth 20, tx_power 100; no SSID until the user adds one. */
export const wifiDefaults: WifiSection = {
  mode: '2.4G',
  channel: 10,
  bandwidth: 20,
  tx_power: 100,
  list: [],
  authentication: [],
  accounts: [],
};

/** What a new row of the SSID table starts with (SPEC 9: WPA2). */
export const wifiSsidDefaults: Pick<WifiSsid, 'toggle' | 'vid' | 'wpa'> = {
  toggle: true,
  vid: DEFAULT_LAN_VID,
  wpa: 'WPA2',
};

export const wifiToggleRequest = forDevice(z.object({ idx: z.number().int().min(0), toggle: z.boolean() }));
export const wifiAuthenticationDeleteRequest = forDevice(z.object({ name: z.string().min(1) }));

export const wifiCalls = [
  call('wifi', 'GET', 'wifi/info', deviceQuery),
  call('wifi', 'GET', 'wifi/loadConfig', deviceQuery),
  call('wifi', 'GET', 'wifi/supported', deviceQuery),
  call('wifi', 'PATCH', 'wifi/setting', forDevice(wifiSettingRequest)),
  call('wifi', 'PATCH', 'wifi/toggle', wifiToggleRequest),
  call('wifi', 'GET', 'wifi/authentication/name', deviceQuery),
  call('wifi', 'GET', 'wifi/authentication/list', deviceQuery),
  call('wifi', 'POST', 'wifi/authentication/add', forDevice(wifiAuthentication)),
  call('wifi', 'PATCH', 'wifi/authentication/edit', forDevice(wifiAuthentication)),
  call('wifi', 'DELETE', 'wifi/authentication/delete', wifiAuthenticationDeleteRequest),
];
