/** Wi-Fi scans: the `iw dev <iface> scan` parser on fixed text, the Linux runner, and the simulated radio. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { rpcMethods } from '@edge/protocol';
import { channelOfFrequency, parseIwScan } from './iw-scan.ts';
import { findWirelessInterface, NO_WIRELESS_INTERFACE, scanWifiLinux } from './linux-wifi.ts';
import { simulatedWifiScan } from './simulated-wifi.ts';
import { SimulatedPlatform } from './simulated.ts';
import { NO_WIFI_RADIO, PlatformRefusal } from './platform.ts';

const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'iw-scan.txt'), 'utf8');
const never = new AbortController().signal;

describe('iw scan parser', () => {
  test('reads every access point, strongest first, with channel and security', () => {
    expect(parseIwScan(fixture)).toEqual([
      { ssid: 'Office-Main', bssid: '3c:84:6a:11:22:33', signalDbm: -48, channel: 6, security: 'WPA2' },
      // A hidden network broadcasts NUL bytes for a name; old WPA; letters in capitals are made small.
      { ssid: '', bssid: 'e8:48:b8:0a:0b:0c', signalDbm: -60, channel: 11, security: 'WPA1' },
      // \xHH escapes are UTF-8 bytes; SAE is WPA3; the channel from the HT element.
      { ssid: 'Café Libre', bssid: 'a0:63:91:aa:bb:cc', signalDbm: -71, channel: 36, security: 'WPA3' },
      { ssid: 'Guest', bssid: '00:1d:7e:01:02:03', signalDbm: -85, channel: 1, security: 'open' },
      // Privacy without RSN or WPA: WEP; no channel element: the channel from the frequency.
      { ssid: 'OldCamera', bssid: 'b0:be:76:0d:0e:0f', signalDbm: -90, channel: 3, security: 'WEP' },
    ]);
  });

  test('what it reads is what the protocol accepts', () => {
    const result = { iface: 'wlan0', networks: parseIwScan(fixture) };
    expect(rpcMethods['wifi.scan'].result.safeParse(result).success).toBe(true);
  });

  test('empty or foreign text gives no networks', () => {
    expect(parseIwScan('')).toEqual([]);
    expect(parseIwScan('command failed: Operation not permitted (-1)\n')).toEqual([]);
  });

  test('channels of 2.4, 5 and 6 GHz frequencies', () => {
    expect([2412, 2484, 5180, 5825, 5955, 1000].map(channelOfFrequency)).toEqual([1, 14, 36, 165, 1, null]);
  });
});

describe('Linux Wi-Fi scan', () => {
  const sysWith = (ifaces: Record<string, string[]>) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-sys-'));
    for (const [name, entries] of Object.entries(ifaces))
      for (const entry of entries)
        fs.mkdirSync(path.join(root, 'class', 'net', name, entry), { recursive: true });
    return root;
  };

  test('runs iw on the first wireless interface and parses what it prints', async () => {
    const sysRoot = sysWith({ eth0: ['statistics'], wlan1: ['phy80211'], wlan0: ['wireless'] });
    expect(findWirelessInterface(sysRoot)).toBe('wlan0');
    const ran: string[][] = [];
    const result = await scanWifiLinux(
      { sysRoot, run: async (file, args) => (ran.push([file, ...args]), fixture) },
      never,
    );
    expect(ran).toEqual([['iw', 'dev', 'wlan0', 'scan']]);
    expect(result.iface).toBe('wlan0');
    expect(result.networks).toHaveLength(5);
  });

  test('no wireless interface: a clear refusal, and iw is not run', async () => {
    const sysRoot = sysWith({ eth0: ['statistics'] });
    let ran = false;
    const scan = scanWifiLinux({ sysRoot, run: async () => ((ran = true), '') }, never);
    await expect(scan).rejects.toThrow(NO_WIRELESS_INTERFACE);
    await expect(scan).rejects.toBeInstanceOf(PlatformRefusal);
    expect(ran).toBe(false);
  });
});

describe('simulated radio', () => {
  const minute = 60_000;
  const at = 1_800_000_000_000;

  test('each device hears its own neighbourhood, which shifts a little from minute to minute', () => {
    const a = simulatedWifiScan('SIM-000001', 1, at);
    const b = simulatedWifiScan('SIM-000002', 1, at);
    expect(a.length).toBeGreaterThan(0);
    expect(a.map((n) => n.bssid)).not.toEqual(b.map((n) => n.bssid));
    expect(simulatedWifiScan('SIM-000001', 1, at + 1000)).toEqual(a);
    const later = Array.from({ length: 10 }, (_, i) =>
      simulatedWifiScan('SIM-000001', 1, at + (i + 1) * minute),
    );
    expect(later.some((scan) => JSON.stringify(scan) !== JSON.stringify(a))).toBe(true);
    for (const scan of [a, b, ...later]) {
      expect(rpcMethods['wifi.scan'].result.safeParse({ iface: 'wlan0', networks: scan }).success).toBe(true);
      expect(scan.map((n) => n.signalDbm)).toEqual([...scan.map((n) => n.signalDbm)].sort((x, y) => y - x));
    }
  });

  test('a device without a radio refuses', async () => {
    for (let n = 1; n <= 12; n++) {
      const device = new SimulatedPlatform({ serial: `SIM-${String(n).padStart(6, '0')}` });
      const hasRadio = (await device.system.facts()).capabilities.includes('wifi');
      if (hasRadio) await expect(device.network.scanWifi()).resolves.toMatchObject({ iface: 'wlan0' });
      else await expect(device.network.scanWifi()).rejects.toThrow(NO_WIFI_RADIO);
    }
  }, 30_000);
});
