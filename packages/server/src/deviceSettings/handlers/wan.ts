/**
 * WAN Setting: each WAN interface's addressing and DNS, and the Wi-Fi networks client mode may join
 * (SPEC 7 keeps these calls under multipleWan/ and wifi/). Joining a network makes (or re-points) the
 * one Wi-Fi client WAN.
 */
import type { WanInterface, WanSection, WifiNetwork } from '@edge/protocol';
import { read, write } from './types.ts';
import { findBy, removeBy, upsertBy, withoutId } from './lists.ts';
import { scanned } from './wifiScan.ts';

type Doc = WanSection;

/** The interface a Wi-Fi client WAN gets when the first network is joined. */
export const WIFI_CLIENT_IFACE = 'sta0';

const connectedSsid = (doc: Doc): string | null => doc.list.find((w) => w.mode === 'wifi')?.ssid ?? null;

function join(doc: Doc, network: WifiNetwork): Doc {
  const client = doc.list.find((w) => w.mode === 'wifi');
  const wan: WanInterface = client
    ? { ...client, ...network }
    : {
        iface: WIFI_CLIENT_IFACE,
        mode: 'wifi',
        dns_mode: 'auto',
        dns_server_1: '',
        dns_server_2: '',
        ...network,
      };
  return { ...doc, list: upsertBy(doc.list, 'iface', wan) };
}

const save = (doc: Doc, network: WifiNetwork): Doc => ({
  ...doc,
  savedNetworks: upsertBy(doc.savedNetworks, 'ssid', network),
});

const networkOf = (body: WifiNetwork): WifiNetwork => ({
  ssid: body.ssid,
  password: body.password,
  wpa: body.wpa,
});

export const wanHandlers = [
  read('wan', 'multipleWan/currentConfig', (doc, query: { iface: string }) =>
    findBy(doc.list, 'iface', query.iface),
  ),
  write('wan', 'PATCH', 'multipleWan/setting', (doc, body: WanInterface & { id: string }): Doc => ({
    ...doc,
    list: upsertBy(doc.list, 'iface', withoutId(body) as WanInterface),
  })),

  // Networks in reach are whatever the radio hears now: asked of the device on every read, never stored.
  read('wan', 'multipleWan/wifiHotspot', async (_doc, query: { id: string }, { rpc }) => ({
    list: await scanned(rpc, query.id),
  })),
  read('wan', 'multipleWan/wifiConnectedAPList', (doc) => ({
    list: doc.savedNetworks.map((n) => ({
      ssid: n.ssid,
      wpa: n.wpa,
      connected: n.ssid === connectedSsid(doc),
    })),
  })),
  write('wan', 'POST', 'multipleWan/wifiAddConnectedAP', (doc, body: WifiNetwork): Doc =>
    save(doc, networkOf(body)),
  ),
  write('wan', 'DELETE', 'multipleWan/wifiDeleteConnectedAP', (doc, body: { ssid: string }): Doc => ({
    ...doc,
    savedNetworks: removeBy(doc.savedNetworks, 'ssid', body.ssid),
  })),

  read('wan', 'wifi/ssidList', (doc) => ({
    list: doc.savedNetworks.map((n) => n.ssid),
    connected: connectedSsid(doc),
  })),
  write('wan', 'PATCH', 'wifi/ssidSelect', (doc, body: { ssid: string }): Doc =>
    join(doc, findBy(doc.savedNetworks, 'ssid', body.ssid)),
  ),
  write('wan', 'POST', 'wifi/connect', (doc, body: WifiNetwork): Doc =>
    join(save(doc, networkOf(body)), networkOf(body)),
  ),
];
