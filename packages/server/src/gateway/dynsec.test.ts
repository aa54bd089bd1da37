/**
 * MQTT_DEVICE_AUTH=dynsec against a Mosquitto of this test's own: the console issues device credentials
 * through the dynamic-security plugin, the broker keeps every device on its own topics, and a removed
 * device is disconnected and refused at once. SQLite only: the database dialect plays no part here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import {
  ENROL_PASSWORD,
  ENROL_USERNAME,
  deviceTopic,
  enrolClientId,
  enrolTopic,
  fleetSerial,
} from '@edge/protocol';
import type { TestConsole } from '../testing/harness.ts';
import {
  closesWithin,
  connect,
  connectAs,
  enrolByHand,
  grantFor,
  startFleet,
  startListeningConsole,
  uniquePrefix,
  impostorAttempts,
  nextChange,
  waitFor,
  watchDrops,
  type Child,
  type HandDevice,
} from '../testing/devices.ts';
import { deviceClientId } from '@edge/protocol/device-client-id';
import { dynsecAdmin } from './dynsec/admin.ts';
import { dynsecCredentials } from './dynsec/credentials.ts';
import { deviceRole } from './dynsec/roles.ts';
import { missingForDynsec, startDynsecBroker, type DynsecBroker } from './dynsec/test-broker.ts';

// npm test installs Mosquitto first (scripts/ensure-test-packages.sh): missing parts fail the suite, never skip it.
const missing = missingForDynsec();
const quietLog = { info() {}, warn() {}, error() {} };

test('Mosquitto, mosquitto_ctrl and the dynamic-security plugin are installed', () => {
  expect(missing).toEqual([]);
});

describe("device credentials in Mosquitto's dynamic-security plugin", () => {
  const prefix = uniquePrefix();
  let broker: DynsecBroker;
  let edge: TestConsole;
  let fleet: Child | undefined;
  const clients: MqttClient[] = [];

  /** Enrols by hand (provisioned first, so the reply is `adopted`) and connects as the device. */
  async function adoptedHandDevice(serial: string): Promise<{ device: HandDevice; client: MqttClient }> {
    await edge.enrolment.provisionSerials([serial]);
    const device = await enrolByHand(broker.url, serial);
    const client = await connectAs(broker.url, device);
    clients.push(client);
    return { device, client };
  }

  /** Resolves with the payloads the console receives on `topic` until it is called. */
  async function listen(topic: string): Promise<{ got: string[]; stop: () => Promise<void> }> {
    const got: string[] = [];
    const stop = await edge.bus.subscribe(topic, (_t, payload) => got.push(payload.toString()));
    return { got, stop };
  }

  beforeAll(async () => {
    broker = await startDynsecBroker();
    edge = await startListeningConsole('sqlite', {
      mqttUrl: broker.adminUrl,
      mqttShareGroup: `dynsec-${prefix.toLowerCase()}`,
      mqttDeviceAuth: 'dynsec',
    });
  });

  afterAll(async () => {
    for (const client of clients) await client.endAsync(true);
    await fleet?.stop();
    await edge?.destroy();
    await broker?.stop();
  });

  test('a simulated device waits in Discovery, is adopted by the operator and comes online', async () => {
    const serial = fleetSerial(prefix, 1);
    fleet = startFleet({ console: broker.url, count: 1, prefix });
    await waitFor(
      async () => (await edge.enrolment.listDiscovery()).some((d) => d.sn === serial),
      'the device in Discovery',
    );
    const adopted = await edge.enrolment.adopt(serial);
    await waitFor(() => edge.devices.get(adopted.id)?.online, 'the adopted device online', 30_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}\n${fleet?.output.slice(-20).join('\n')}`);
      },
    );
  });

  test('impostors using a device’s client id, the enrolment login included, never drop it', async () => {
    // The simulated device of the first test: a real agent, connected with the client id bound to its key.
    const device = edge.devices.list().find((d) => d.serial === fleetSerial(prefix, 1))!;
    expect(device.online).toBe(true);
    const { device: other } = await adoptedHandDevice(`${prefix}-OTHER`);
    const watch = watchDrops(edge, device.id);
    try {
      // Its bare id is what an impostor knows (enrolment replies carry it). Mosquitto lets the enrolment
      // login have that client id (nobody else uses it) but closes no one for it.
      const codes = await impostorAttempts(broker.url, device.id, device.id, other);
      expect(codes['no credentials']).toBeGreaterThan(0);
      expect(codes['a wrong key']).toBeGreaterThan(0);
      expect(codes["another device's credentials"]).toBeGreaterThan(0);
      // The presence word the agent would publish again on reconnecting shows any drop.
      await new Promise((r) => setTimeout(r, 3000));
      expect(watch.drops()).toBe(0);
      expect(edge.devices.get(device.id)?.online).toBe(true);
    } finally {
      watch.stop();
    }
  });

  test('an agent whose broker credential still binds its bare id (issued before) connects, keeping its identity', async () => {
    const device = edge.devices.list().find((d) => d.serial === fleetSerial(prefix, 1))!;
    const admin = await dynsecAdmin(edge.bus);
    // As a console before client ids were bound to keys staged it. Changing the id closes nothing, so the
    // client is also disabled and enabled in the same message: Mosquitto closes the agent's connection,
    // and its next CONNECT meets the old binding.
    const steps = await admin.run([
      { command: 'setClientId', username: device.id, clientid: device.id },
      { command: 'disableClient', username: device.id },
      { command: 'enableClient', username: device.id },
    ]);
    expect(steps.map((r) => r.error ?? null)).toEqual([null, null, null]);
    await waitFor(
      () => fleet!.output.some((line) => line.includes('trying the device id as client id')),
      'the agent trying its bare id',
      60_000,
    );
    // Reporting again over a new connection, as the same device: not enrolled again with a new key.
    await nextChange(edge, (c) => c.type === 'heartbeat' && c.deviceId === device.id, 60_000);
    expect(edge.devices.get(device.id)?.online).toBe(true);
    expect((await edge.enrolment.listDiscovery()).some((d) => d.sn === device.serial)).toBe(false);
    expect(
      edge.devices
        .list()
        .filter((d) => d.serial === device.serial)
        .map((d) => d.id),
    ).toEqual([device.id]);
  });

  test('a device may not use another device’s topics or credentials', async () => {
    const a = await adoptedHandDevice(`${prefix}-A`);
    const b = await adoptedHandDevice(`${prefix}-B`);

    expect(await grantFor(a.client, deviceTopic(a.device.deviceId, 'rpc/req'))).toBe(1);
    expect(await grantFor(a.client, deviceTopic(b.device.deviceId, 'rpc/req'))).toBe(128);
    expect(await grantFor(a.client, 'edge/v1/#')).toBe(128);

    const forB = await listen(deviceTopic(b.device.deviceId, 'heartbeat'));
    const forA = await listen(deviceTopic(a.device.deviceId, 'heartbeat'));
    await a.client.publishAsync(deviceTopic(b.device.deviceId, 'heartbeat'), 'forged', { qos: 1 });
    await a.client.publishAsync(deviceTopic(a.device.deviceId, 'heartbeat'), 'own', { qos: 1 });
    // Same connection, same order: once A's own message is through, the forged one would have been too.
    await waitFor(() => forA.got.includes('own'), 'A’s own heartbeat at the console');
    expect(forB.got).toEqual([]);
    await forA.stop();
    await forB.stop();

    // B's id with A's key, and A's credentials under another client id, are both refused.
    await expect(connectAs(broker.url, { ...b.device, key: a.device.key })).rejects.toMatchObject({
      code: 5,
    });
    await expect(connectAs(broker.url, a.device, b.device.deviceId)).rejects.toMatchObject({ code: 5 });
  });

  test('a removed device is disconnected at once and cannot come back', async () => {
    const { device, client } = await adoptedHandDevice(`${prefix}-GONE`);
    const closed = closesWithin(client, 5000);
    await edge.enrolment.remove(device.deviceId);
    expect(await closed).toBe(true);
    await expect(connectAs(broker.url, device)).rejects.toMatchObject({ code: 5 });
  });

  test('the re-sync at start enables devices adopted meanwhile and deletes removed ones', async () => {
    const { device, client } = await adoptedHandDevice(`${prefix}-SYNC`);
    await client.endAsync();
    const admin = await dynsecAdmin(edge.bus);
    // As if the console had stopped between adoption and enabling, and a removed device had been left.
    const stale = { ...device, deviceId: 'ffffffffffffffff', key: 'stale-key-of-a-removed-device' };
    await admin.run([
      { command: 'removeClientRole', username: device.deviceId, rolename: deviceRole(device.deviceId) },
      { command: 'disableClient', username: device.deviceId },
      {
        command: 'createClient',
        username: stale.deviceId,
        password: stale.key,
        clientid: deviceClientId(stale.deviceId, stale.key),
      },
    ]);
    await expect(connectAs(broker.url, device)).rejects.toMatchObject({ code: 5 });
    const staleClient = await connectAs(broker.url, stale);
    clients.push(staleClient);

    const credentials = dynsecCredentials(admin, quietLog);
    const adoptedIds = () => Promise.resolve(edge.devices.list().map((d) => d.id));
    await credentials.resync(adoptedIds);
    expect(await closesWithin(staleClient, 5000)).toBe(true);
    await expect(connectAs(broker.url, stale)).rejects.toMatchObject({ code: 5 });
    const back = await connectAs(broker.url, device);
    clients.push(back);
    expect(await grantFor(back, deviceTopic(device.deviceId, 'rpc/req'))).toBe(1);

    // Again: nothing left to do, nothing changes.
    await credentials.resync(adoptedIds);
    expect(back.connected).toBe(true);
  });

  test('the enrolment user may only ask to enrol', async () => {
    const agent = await connect(broker.url, {
      clientId: enrolClientId(`${prefix}-X`),
      username: ENROL_USERNAME,
      password: ENROL_PASSWORD,
    });
    clients.push(agent);
    expect(await grantFor(agent, enrolTopic(`${prefix}-X`, 'reply'))).toBe(1);
    expect(await grantFor(agent, 'edge/v1/+/rpc/req')).toBe(128);
  });
});
