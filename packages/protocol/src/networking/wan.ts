/**
 * WAN Setting (SPEC 2, 3): each WAN interface gets its address by DHCP, statically, by PPPoE, or by
 * joining a Wi-Fi network (client mode), and its DNS automatically or by hand. Also the Wi-Fi networks
 * saved for client mode. SPEC 7 keeps these calls under multipleWan/ and wifi/.
 */
import { z } from 'zod';
import { choice, report, text } from './fields.ts';
import {
  duplicateIndex,
  interfaceFieldRule,
  ipFieldRule,
  isBlank,
  netmaskFieldRule,
  notEmptyRule,
  ssidRule,
} from './rules.ts';
import { inSubnet, prefixOfNetmask } from './ipv4.ts';
import { isIPv4 } from '../validation.ts';
import { andDevice, call, deviceIfaceQuery, deviceQuery, forDevice } from './calls.ts';
import { sameDocument } from './compare.ts';
import { wifiNetwork } from './wifi.ts';

export const wanModes = ['dhcp', 'pppoe', 'static', 'wifi'] as const;
export type WanMode = (typeof wanModes)[number];
export const dnsModes = ['auto', 'manual'] as const;

/** Fields every mode has (SPEC 3 template): the interface and how it learns its DNS servers. */
const wanBase = z.object({
  iface: text(interfaceFieldRule('wanInterfaceRequired')),
  dns_mode: choice(dnsModes, 'dnsModeRequired'),
  dns_server_1: z.string(),
  dns_server_2: z.string(),
});

const wanDhcp = wanBase.extend({ mode: z.literal('dhcp') });
const wanStatic = wanBase.extend({
  mode: z.literal('static'),
  ip: z.string(),
  mask: z.string(),
  gateway: z.string(),
});
const wanPppoe = wanBase.extend({
  mode: z.literal('pppoe'),
  username: text(notEmptyRule('pppoeUsernameEmpty')),
  password: text(notEmptyRule('pppoePasswordEmpty')),
  /** Take the address the provider offers; when false, ask for `ip`. */
  auto_get_ip: z.boolean(),
  ip: z.string(),
  /** Connect on startup. */
  auto_startup: z.boolean(),
});
/** Client mode: the radio joins `ssid` and the interface takes its address by DHCP. */
const wanWifi = wanBase.extend({ mode: z.literal('wifi') }).extend(wifiNetwork.shape);

const wanIp = ipFieldRule('wanInvalidIp', 'wanInvalidIp');

export const wanInterface = z
  .discriminatedUnion('mode', [wanDhcp, wanStatic, wanPppoe, wanWifi])
  .superRefine((wan, ctx) => {
    // SPEC 5: netmask, gateway, DNS 1 and 2 not empty; every address a valid IP ('WAN contains invalid IP.').
    if (wan.mode === 'static') {
      report(ctx, wanIp(wan.ip), ['ip']);
      report(ctx, netmaskFieldRule('wanNetmaskEmpty', 'wanInvalidIp')(wan.mask), ['mask']);
      report(ctx, ipFieldRule('wanGatewayEmpty', 'wanInvalidIp')(wan.gateway), ['gateway']);
      report(ctx, gatewayOutsideSubnet(wan.ip, wan.mask, wan.gateway) ? 'wanGatewayOutsideSubnet' : null, [
        'gateway',
      ]);
    }
    if (wan.mode === 'pppoe' && !wan.auto_get_ip) report(ctx, wanIp(wan.ip), ['ip']);
    // A static address cannot learn DNS servers, so they are needed whatever dns_mode says.
    if (wan.mode === 'static' || wan.dns_mode === 'manual') {
      report(ctx, ipFieldRule('wanDns1Empty', 'wanInvalidIp')(wan.dns_server_1), ['dns_server_1']);
      report(ctx, ipFieldRule('wanDns2Empty', 'wanInvalidIp')(wan.dns_server_2), ['dns_server_2']);
    }
  });
export type WanInterface = z.infer<typeof wanInterface>;

function gatewayOutsideSubnet(ip: string, mask: string, gateway: string): boolean {
  const prefix = prefixOfNetmask(mask);
  return (
    prefix !== null && isIPv4(ip) && isIPv4(gateway) && !isBlank(gateway) && !inSubnet(gateway, ip, prefix)
  );
}

export const wanSection = z
  .object({
    list: z.array(wanInterface),
    /** Networks client mode may join (Wi-Fi connection: saved networks). */
    savedNetworks: z.array(wifiNetwork),
  })
  .superRefine((doc, ctx) => {
    const dup = duplicateIndex(doc.list.map((w) => w.iface));
    if (dup >= 0) report(ctx, 'wanInterfaceDuplicate', ['list', dup, 'iface']);
    const dupSsid = duplicateIndex(doc.savedNetworks.map((n) => n.ssid));
    if (dupSsid >= 0) report(ctx, 'ssidDuplicate', ['savedNetworks', dupSsid, 'ssid']);
  });
export type WanSection = z.infer<typeof wanSection>;

/** The WAN port of the default port type (eth0) takes its address and DNS by DHCP. */
export const wanDefaults: WanSection = {
  list: [{ iface: 'eth0', mode: 'dhcp', dns_mode: 'auto', dns_server_1: '', dns_server_2: '' }],
  savedNetworks: [],
};

export const wanSsidRequest = forDevice(z.object({ ssid: text(ssidRule) }));

export const wanCalls = [
  call('wan', 'GET', 'multipleWan/currentConfig', deviceIfaceQuery),
  call('wan', 'PATCH', 'multipleWan/setting', andDevice(wanInterface)),
  call('wan', 'GET', 'multipleWan/wifiHotspot', deviceQuery),
  call('wan', 'GET', 'multipleWan/wifiConnectedAPList', deviceQuery),
  call('wan', 'POST', 'multipleWan/wifiAddConnectedAP', forDevice(wifiNetwork)),
  call('wan', 'DELETE', 'multipleWan/wifiDeleteConnectedAP', wanSsidRequest),
  call('wan', 'GET', 'wifi/ssidList', deviceQuery),
  call('wan', 'PATCH', 'wifi/ssidSelect', wanSsidRequest),
  call('wan', 'POST', 'wifi/connect', forDevice(wifiNetwork)),
];

/** Any change to a WAN interface can take the uplink down; saving a Wi-Fi network for later cannot. */
export const wanMayCutOff = (before: WanSection, after: WanSection): boolean =>
  !sameDocument(before.list, after.list);
