/** Presence on a fake clock: online on any sign of life, offline on the word or after three silent intervals. */
import { describe, expect, test } from 'vitest';
import { MISSED_INTERVALS_FOR_OFFLINE, type HeartbeatMessage } from '@edge/protocol';
import { deviceChanges } from './changes.ts';
import { presence } from './presence.ts';
import { deviceRegistry } from './registry.ts';
import type { DeviceStore, DeviceRow } from './store.ts';
import type { DeviceChange } from './types.ts';

const silent = { info() {}, warn() {}, error() {} };

function setup() {
  let now = 1_000_000;
  const changes = deviceChanges(silent);
  const seen: DeviceChange['type'][] = [];
  changes.on((c) => seen.push(c.type));
  const registry = deviceRegistry({} as DeviceStore, changes);
  const offlineCalls: string[] = [];
  const p = presence({
    registry,
    changes,
    log: silent,
    onOffline: (id) => offlineCalls.push(id),
    now: () => now,
  });
  const row = {
    id: '0123456789abcdef',
    serial: 'S-1',
    adoption: 'adopted',
    online: 0,
    report_interval: 30,
    uptime: 0,
    last_seen_at: null,
    idle: 0,
    secure_mode: 'Unsupported',
  } as unknown as DeviceRow;
  const device = registry.add(row);
  return { device, p, seen, offlineCalls, registry, tick: (ms: number) => (now += ms) };
}

const heartbeat = (reportInterval: number): HeartbeatMessage => ({
  ts: 0,
  uptime: 10,
  cpuUsage: 5,
  cpuCores: 1,
  cpuTemp: null,
  memory: { total: 1, used: 0 },
  disk: { total: 1, used: 0 },
  load: 'Low',
  counters: { rxBytes: 0, txBytes: 0, clients: 0 },
  reportInterval,
  idle: false,
});

describe('presence', () => {
  test('a heartbeat brings a device online; silence for three intervals takes it offline', () => {
    const { device, p, seen, offlineCalls, tick } = setup();
    p.heartbeat(device, heartbeat(5));
    expect(device.online).toBe(true);
    expect(seen).toEqual(['online', 'heartbeat']);

    tick(MISSED_INTERVALS_FOR_OFFLINE * 5000);
    p.sweep();
    expect(device.online).toBe(true);
    tick(1);
    p.sweep();
    expect(device.online).toBe(false);
    expect(offlineCalls).toEqual([device.record.id]);
    expect(seen.at(-1)).toBe('offline');
  });

  test("the last will's 'offline' takes effect at once, once", () => {
    const { device, p, seen } = setup();
    p.status(device, 'online');
    p.status(device, 'offline');
    p.status(device, 'offline');
    expect(seen).toEqual(['online', 'offline']);
    expect(device.dirty).toBe(true);
  });

  test('a hello naming another serial is ignored', () => {
    const { device, p } = setup();
    p.hello(device, {
      serial: 'S-2',
      model: 'X',
      firmware: '',
      hostname: '',
      capabilities: [],
      interfaces: [],
      reportInterval: 5,
      ip: '',
      mac: '',
      secureMode: 'Unsupported',
      alarms: [],
    });
    expect(device.online).toBe(false);
    expect(device.record.model).not.toBe('X');
  });
});
