/**
 * What the tracker writes, and when: a client's measurements alone wait for LAST_SEEN_STEP_MS; anything
 * else it reports is written at the next flush.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ConnectedClient } from '@edge/protocol';
import { openStore, type Store } from '../db/database.ts';
import { insertBareDevices } from '../devices/bare-devices.ts';
import type { DeviceChange, DeviceDirectory } from '../devices/index.ts';
import type { BusLog } from '../gateway/index.ts';
import { LAST_SEEN_STEP_MS, clientTracker } from './tracker.ts';

let dataDir: string;
let store: Store;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracker-'));
  store = await openStore({ dataDir });
  await insertBareDevices(store.db, ['dev-1']);
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const laptop: ConnectedClient = {
  kind: 'wifi',
  hostname: 'laptop',
  ip: '192.168.1.20',
  mac: 'AA:BB:CC:00:11:22',
  access_time: 0,
  ssid: 'office',
  signal: -60,
  rxBytes: 100,
  txBytes: 200,
} as ConnectedClient;

/** A tracker on a directory whose changes the test makes. */
function trackerWithClock(clock: { now: number }) {
  let listener: (change: DeviceChange) => void = () => {};
  const devices = {
    onChange: (l: (change: DeviceChange) => void) => ((listener = l), () => {}),
  } as unknown as DeviceDirectory;
  const log = { warn: () => {} } as unknown as BusLog;
  const tracker = clientTracker({ db: store.db, devices, log, now: () => clock.now });
  const reportAll = (clients: ConnectedClient[]) =>
    listener({ type: 'telemetry', deviceId: 'dev-1', telemetry: { clients } } as unknown as DeviceChange);
  const removed = () => listener({ type: 'removed', deviceId: 'dev-1' } as unknown as DeviceChange);
  return { tracker, reportAll, removed };
}

test('measurements wait for the step; a new name, address or network is written at once', async () => {
  const clock = { now: 1_000_000 };
  const { tracker, reportAll } = trackerWithClock(clock);
  const report = (client: Partial<ConnectedClient>) => reportAll([{ ...laptop, ...client }]);
  const row = () =>
    store.db
      .selectFrom('device_clients')
      .selectAll()
      .where('device_id', '=', 'dev-1')
      .executeTakeFirstOrThrow();

  report({});
  expect(await tracker.flush()).toBe(1);
  expect(await row()).toMatchObject({ rx_bytes: 100, signal: -60, last_seen: 1_000_000 });

  clock.now += 30_000;
  report({ rxBytes: 5_000, txBytes: 6_000, signal: -55 });
  expect(await tracker.flush()).toBe(0);
  expect(await row()).toMatchObject({ rx_bytes: 100, last_seen: 1_000_000 });

  clock.now += LAST_SEEN_STEP_MS;
  report({ rxBytes: 9_000, txBytes: 9_500, signal: -50 });
  expect(await tracker.flush()).toBe(1);
  expect(await row()).toMatchObject({ rx_bytes: 9_000, tx_bytes: 9_500, signal: -50, last_seen: clock.now });

  clock.now += 1_000;
  report({ rxBytes: 9_100, hostname: 'laptop-2', ip: '192.168.1.21' });
  expect(await tracker.flush()).toBe(1);
  expect(await row()).toMatchObject({ hostname: 'laptop-2', ip: '192.168.1.21', rx_bytes: 9_100 });
  await tracker.stop();
});

test("a change in one client writes the device's clients; a removed device is written afresh when it returns", async () => {
  const clock = { now: 5_000_000 };
  const { tracker, reportAll, removed } = trackerWithClock(clock);
  const phone = { ...laptop, hostname: 'phone', ip: '192.168.1.30', mac: 'AA:BB:CC:00:11:33' };

  reportAll([laptop, phone]);
  expect(await tracker.flush()).toBe(2);
  clock.now += 1_000;
  reportAll([laptop, { ...phone, rxBytes: 999 }]);
  expect(await tracker.flush()).toBe(0);
  clock.now += 1_000;
  reportAll([laptop, { ...phone, ip: '192.168.1.31' }]);
  expect(await tracker.flush()).toBe(2);

  removed();
  clock.now += 1_000;
  reportAll([laptop, { ...phone, ip: '192.168.1.31' }]);
  expect(await tracker.flush()).toBe(2);
  await tracker.stop();
});
