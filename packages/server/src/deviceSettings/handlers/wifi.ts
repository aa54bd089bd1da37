/** Wi-Fi: the radio, the multiple SSID table and the authentication list; clients live. */
import {
  deviceCapabilities,
  hidingAccountPasswords,
  ssidRowOf,
  wifiBands,
  type WifiAuthentication,
  type WifiSection,
  type WifiSettingRequest,
} from '@edge/protocol';
import { read, write } from './types.ts';
import { findBy, removeBy, replaceBy, upsertBy, withoutId } from './lists.ts';

type Doc = WifiSection;

export const wifiHandlers = [
  read('wifi', 'wifi/info', (doc, _query, { device }) => ({
    mode: doc.mode,
    channel: doc.channel,
    bandwidth: doc.bandwidth,
    tx_power: doc.tx_power,
    list: doc.list,
    clients: (device.telemetry?.clients ?? []).filter((c) => c.kind === 'wifi'),
  })),
  read('wifi', 'wifi/loadConfig', (doc) => hidingAccountPasswords(doc)),
  read('wifi', 'wifi/supported', (_doc, _query, { device }) => {
    const supported = device.capabilities.includes(deviceCapabilities.wifi);
    return { supported, bands: supported ? [...wifiBands] : [] };
  }),
  read('wifi', 'wifi/authentication/name', (doc) => ({ names: doc.authentication.map((a) => a.name) })),
  read('wifi', 'wifi/authentication/list', (doc) => ({
    list: doc.authentication,
    accounts: doc.accounts.map(({ name }) => ({ name })),
  })),

  // Rows come with the VLAN choice (untagged or a tagged VLAN); the device keeps the VLAN ID it means.
  // Auth Connect's accounts are not the form's: they stay as the console set them.
  write('wifi', 'PATCH', 'wifi/setting', (doc, body: WifiSettingRequest & { id: string }): Doc => ({
    ...withoutId(body),
    list: body.list.map(ssidRowOf),
    accounts: doc.accounts,
  })),
  write('wifi', 'PATCH', 'wifi/toggle', (doc, body: { idx: number; toggle: boolean }): Doc => ({
    ...doc,
    list: replaceBy(doc.list, 'idx', { ...findBy(doc.list, 'idx', body.idx), toggle: body.toggle }),
  })),
  /** Adds a station, or replaces the one of the same name (names are how edit and delete find it). */
  write('wifi', 'POST', 'wifi/authentication/add', (doc, body: WifiAuthentication): Doc => ({
    ...doc,
    authentication: upsertBy(doc.authentication, 'name', { name: body.name, mac: body.mac }),
  })),
  write('wifi', 'PATCH', 'wifi/authentication/edit', (doc, body: WifiAuthentication): Doc => ({
    ...doc,
    authentication: replaceBy(doc.authentication, 'name', { name: body.name, mac: body.mac }),
  })),
  write('wifi', 'DELETE', 'wifi/authentication/delete', (doc, body: { name: string }): Doc => ({
    ...doc,
    authentication: removeBy(doc.authentication, 'name', body.name),
  })),
];
