/**
 * A device says hello before anything else: the console learns its capabilities from the hello, and a
 * heartbeat that overtook it (mqtt.js writes QoS 0 at once, QoS 1 only after storing it) showed a device
 * online with none. The agent holds its reports until the broker has acknowledged the hello; here the
 * broker holds that acknowledgement back, and nothing else may come from the device meanwhile.
 */
import net, { type AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { Aedes } from 'aedes';
import { parseDeviceTopic } from '@edge/protocol';
import { DeviceClient } from './device-client.ts';
import { HeapScheduler } from './scheduler.ts';
import { memoryIdentityStore } from './identity.ts';
import { SimulatedPlatform } from '../platform/simulated.ts';

const DEVICE_ID = '0123456789abcdef';
const HELLO_HELD_MS = 400;

test("a device's reports wait for the broker to acknowledge its hello", async () => {
  const seen: string[] = [];
  const broker = await Aedes.createBroker({
    authorizePublish(_client, packet, done) {
      const channel = parseDeviceTopic(packet.topic)?.channel ?? packet.topic;
      seen.push(channel);
      if (channel !== 'hello') return done(null);
      setTimeout(() => {
        seen.push(`hello acknowledged while ${client.state}`);
        done(null);
      }, HELLO_HELD_MS);
    },
  });
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheduler = new HeapScheduler();
  const client = new DeviceClient({
    brokerUrl: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`,
    platform: new SimulatedPlatform({ serial: 'HELLO-FIRST-1', reportIntervalS: 30 }),
    identity: memoryIdentityStore({ key: 'k'.repeat(32), deviceId: DEVICE_ID }),
    scheduler,
    reportInterval: 30,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  try {
    client.start();
    await expect.poll(() => seen.includes('heartbeat'), { timeout: 5000 }).toBe(true);
    const acknowledged = seen.findIndex((entry) => entry.startsWith('hello acknowledged'));
    expect(seen[acknowledged]).toBe('hello acknowledged while connecting');
    expect(seen.slice(0, acknowledged)).not.toContain('heartbeat');
    expect(seen.slice(0, acknowledged)).not.toContain('telemetry');
    expect(seen.indexOf('heartbeat')).toBeGreaterThan(acknowledged);
  } finally {
    await client.stop();
    scheduler.stop();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise((resolve) => server.close(resolve));
  }
});
