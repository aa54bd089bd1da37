/**
 * Issue 13: a broker closes a live connection when a new CONNECT names its client id (MQTT-3.1.4-2), so
 * whoever may connect with a device's client id can keep dropping the device. On the embedded broker a
 * device's client id is bound to its identity (its id, or its id and its key's digest as agents send it)
 * and checked, with its key, before aedes registers the newcomer: a real simulated-fleet agent and a
 * hand-driven device stay connected and online while impostors try their client ids every way they can.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { deviceClientId, deviceClientIdOf } from '@edge/protocol/device-client-id';
import type { TestConsole } from '../testing/harness.ts';
import {
  closesWithin,
  connectAs,
  enrolByHand,
  impostorAttempts,
  mqttUrl,
  startConsoleWithFleet,
  uniquePrefix,
  watchDrops,
  type Child,
  type HandDevice,
} from '../testing/devices.ts';

describe('a connected device’s client id on the embedded broker', () => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let fleet: Child;
  let url: string;
  let other: HandDevice;
  let otherClient: MqttClient;

  beforeAll(async () => {
    ({ edge, fleet } = await startConsoleWithFleet('sqlite', { count: 1, prefix }));
    url = mqttUrl(edge);
    // A second adopted device: its valid credentials are one of the impostors' tries.
    await edge.enrolment.provisionSerials([`${prefix}-OTHER`]);
    other = await enrolByHand(url, `${prefix}-OTHER`);
    otherClient = await connectAs(url, other);
  }, 120_000);

  afterAll(async () => {
    otherClient?.end(true);
    await fleet?.stop();
    await edge?.destroy();
  });

  test('impostors using a real agent’s client ids are refused; the agent is never dropped and stays online', async () => {
    const [device] = edge.devices.list();
    const row = await edge.store.db
      .selectFrom('devices')
      .select('credential_hash')
      .where('id', '=', device!.id)
      .executeTakeFirstOrThrow();
    const watch = watchDrops(edge, device!.id);
    try {
      // Its bare id (what enrolment replies and the console show) and the id it connects with.
      for (const clientId of [device!.id, deviceClientIdOf(device!.id, row.credential_hash)]) {
        const codes = await impostorAttempts(url, clientId, device!.id, other);
        for (const [what, code] of Object.entries(codes))
          expect(code, `${clientId}: ${what}`).toBeGreaterThan(0);
      }
      // A drop would show as an offline change (the will, or the closed connection) even if it came back.
      await new Promise((r) => setTimeout(r, 2000));
      expect(watch.drops()).toBe(0);
      expect(edge.devices.get(device!.id)?.online).toBe(true);
    } finally {
      watch.stop();
    }
  });

  test('a hand-driven device sees no disconnect while impostors use its client ids', async () => {
    await edge.enrolment.provisionSerials([`${prefix}-HAND`]);
    const device = await enrolByHand(url, `${prefix}-HAND`);
    const client = await connectAs(url, device);
    try {
      const dropped = closesWithin(client, 10_000);
      for (const clientId of [device.deviceId, deviceClientId(device.deviceId, device.key)]) {
        const codes = await impostorAttempts(url, clientId, device.deviceId, other);
        for (const [what, code] of Object.entries(codes))
          expect(code, `${clientId}: ${what}`).toBeGreaterThan(0);
      }
      expect(await dropped).toBe(false);
      expect(client.connected).toBe(true);
      // Its own key under its own client id still takes over (a half-open socket after a network drop).
      const closed = closesWithin(client, 5000);
      const again = await connectAs(url, device);
      expect(await closed).toBe(true);
      again.end(true);
    } finally {
      client.end(true);
    }
  });
});
