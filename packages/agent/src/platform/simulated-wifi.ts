/**
 * What a simulated radio hears: a neighbourhood of access points fixed per device (from its serial), of
 * which most are heard on any one scan, with signal that wanders from minute to minute, so two devices
 * see different networks and one device sees slightly different results over time.
 */
import type { ScannedWifiNetwork, ScannedWifiSecurity } from '@edge/protocol';
import { hashSeed, Rng } from './random.ts';

const NEIGHBOUR_NAMES = [
  'Office-Main',
  'Office-Guest',
  'Warehouse-AP',
  'CoffeeCorner',
  'Lobby WiFi',
  'DIRECT-5A-Printer',
  'TP-Link_3F2A',
  'NETGEAR42',
  'FRITZ!Box 7590',
  'Vodafone-Homespot',
  'eduroam',
  'Starlink',
  'Shop-Floor-IoT',
  'Cafe Libre',
  'Linksys00412',
  'HUAWEI-B535-8C1E',
] as const;

const CHANNELS = [1, 6, 11, 1, 6, 11, 36, 40, 44, 48, 149, 153, 157, 161] as const;
const SECURITIES: readonly ScannedWifiSecurity[] = ['WPA2', 'WPA2', 'WPA2', 'WPA3', 'WPA1', 'open'];
const VENDOR_OUIS = ['f4:f2:6d', '3c:84:6a', 'a0:63:91', '00:1d:7e', 'e8:48:b8', 'b0:be:76'] as const;

interface Neighbour extends ScannedWifiNetwork {
  /** Heard on every scan: the strongest, so a scan is never empty. */
  always: boolean;
}

function neighbourhood(serial: string, seed: number): Neighbour[] {
  const rng = new Rng(hashSeed(`${serial}/wifi`, seed));
  const names = [...NEIGHBOUR_NAMES];
  const count = rng.int(4, 9);
  const list: Neighbour[] = [];
  for (let i = 0; i < count; i++) {
    const [ssid] = names.splice(rng.int(0, names.length - 1), 1);
    list.push({
      ssid: ssid!,
      bssid: `${rng.pick(VENDOR_OUIS)}:${rng.hexByte()}:${rng.hexByte()}:${rng.hexByte()}`,
      signalDbm: rng.int(-88, -42),
      channel: rng.pick(CHANNELS),
      security: rng.pick(SECURITIES),
      always: false,
    });
  }
  list.sort((a, b) => b.signalDbm - a.signalDbm);
  list[0]!.always = true;
  return list;
}

/** One scan at `now` (ms): the device's neighbours heard this minute, strongest first. */
export function simulatedWifiScan(serial: string, seed: number, now: number): ScannedWifiNetwork[] {
  const minute = new Rng(hashSeed(`${serial}/${Math.floor(now / 60_000)}`, seed));
  return neighbourhood(serial, seed)
    .filter((n) => n.always || minute.chance(0.8))
    .map(({ always: _always, ...n }) => ({
      ...n,
      signalDbm: Math.max(-95, Math.min(-30, n.signalDbm + minute.int(-4, 4))),
    }))
    .sort((a, b) => b.signalDbm - a.signalDbm);
}
