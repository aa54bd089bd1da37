/**
 * The embedded broker's rules, checked by hand-driven MQTT clients: a device reaches only its own topics,
 * an enrolling agent only its own serial's, bad credentials are refused, and a removed device is cut off.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENROL_USERNAME, deviceTopic, enrolClientId, enrolTopic, fleetSerial } from '@edge/protocol';
import { isEmbedded } from './index.ts';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import {
  closesWithin,
  connect,
  connectAs,
  enrolByHand,
  grantFor,
  mqttUrl,
  startFleet,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type HandDevice,
} from '../testing/devices.ts';

describe.each(DIALECTS)('device bus access (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let a: HandDevice;
  let b: HandDevice;

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    await edge.enrolment.provisionSerials([`${prefix}-A`, `${prefix}-B`]);
    a = await enrolByHand(mqttUrl(edge), `${prefix}-A`);
    b = await enrolByHand(mqttUrl(edge), `${prefix}-B`);
  });
  afterAll(() => edge?.destroy());

  test('a device may subscribe only to its own downlink topics', async () => {
    const client = await connectAs(mqttUrl(edge), a);
    try {
      const filters = [
        deviceTopic(a.deviceId, 'rpc/req'),
        deviceTopic(a.deviceId, 'pong'),
        `edge/v1/${a.deviceId}/tty/s1/in`,
        deviceTopic(b.deviceId, 'rpc/req'),
        'edge/v1/+/rpc/req',
        'edge/v1/#',
        deviceTopic(a.deviceId, 'heartbeat'),
        enrolTopic(`${prefix}-B`, 'reply'),
      ];
      const grants = [];
      for (const filter of filters) grants.push(await grantFor(client, filter));
      expect(grants).toEqual([1, 1, 1, 128, 128, 128, 128, 128]);
    } finally {
      await client.endAsync();
    }
  });

  test("a device that publishes on another device's topic is disconnected, and the other is unaffected", async () => {
    const victim = await connectAs(mqttUrl(edge), b);
    const intruder = await connectAs(mqttUrl(edge), a);
    try {
      await victim.publishAsync(deviceTopic(b.deviceId, 'status'), 'online', { qos: 1, retain: true });
      await waitFor(() => edge.devices.get(b.deviceId)?.online, 'b online');
      intruder.publish(deviceTopic(b.deviceId, 'status'), 'offline', { qos: 0 });
      expect(await closesWithin(intruder, 2000)).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(edge.devices.get(b.deviceId)?.online).toBe(true);
    } finally {
      intruder.end(true);
      await victim.endAsync();
    }
  });

  test('an enrolling agent reaches only its own serial', async () => {
    const agent = await connect(mqttUrl(edge), {
      clientId: enrolClientId(`${prefix}-C`),
      username: ENROL_USERNAME,
    });
    try {
      const grants = [];
      for (const filter of [
        enrolTopic(`${prefix}-C`, 'reply'),
        enrolTopic(`${prefix}-A`, 'reply'),
        'edge/v1/enrol/+/reply',
      ])
        grants.push(await grantFor(agent, filter));
      expect(grants).toEqual([1, 128, 128]);
      agent.publish(enrolTopic(`${prefix}-A`, 'request'), '{}');
      expect(await closesWithin(agent, 2000)).toBe(true);
    } finally {
      agent.end(true);
    }
  });

  test('wrong credentials are refused', async () => {
    const url = mqttUrl(edge);
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (err: { code?: number }) => err.code,
      );
    expect(await refusal(connectAs(url, { ...a, key: b.key }))).toBe(5);
    expect(await refusal(connectAs(url, a, b.deviceId))).toBe(5);
    expect(await refusal(connectAs(url, { ...a, deviceId: '0123456789abcdef' }))).toBe(5);
    expect(await refusal(connect(url, { clientId: 'not-an-enrol-id', username: ENROL_USERNAME }))).toBe(5);
    expect(await refusal(connect(url, { clientId: 'someone', username: 'someone', password: 'x' }))).toBe(4);
  });

  test('a removed device is disconnected at once and cannot connect again', async () => {
    const client = await connectAs(mqttUrl(edge), a);
    const closed = closesWithin(client, 2000);
    await edge.enrolment.remove(a.deviceId);
    expect(await closed).toBe(true);
    client.end(true);
    await expect(connectAs(mqttUrl(edge), a)).rejects.toMatchObject({ code: 5 });
    expect(edge.devices.get(a.deviceId)).toBeUndefined();
    expect((await edge.enrolment.listProvisioned()).map((p) => p.serial)).not.toContain(`${prefix}-A`);
  });
});

describe('plain MQTT/TCP beside WebSocket', () => {
  let edge: TestConsole;
  beforeAll(async () => {
    edge = await startListeningConsole('sqlite', { mqttTcpPort: 0 });
  });
  afterAll(() => edge?.destroy());

  test('devices connect over TCP, also from several local addresses', async () => {
    const port = isEmbedded(edge.bus) ? edge.bus.tcpAddress()?.port : undefined;
    expect(port).toBeGreaterThan(0);
    const prefix = uniquePrefix();
    await edge.enrolment.provisionSerials([`${prefix}-T`, fleetSerial(prefix, 1), fleetSerial(prefix, 2)]);
    const hand = await enrolByHand(`mqtt://127.0.0.1:${port}`, `${prefix}-T`);
    (await connectAs(`mqtt://127.0.0.1:${port}`, hand)).end(true);

    const fleet = startFleet({
      console: `mqtt://127.0.0.1:${port}`,
      count: 2,
      prefix,
      localAddresses: '127.0.0.2-127.0.0.3',
    });
    try {
      await waitFor(() => edge.devices.counts().numOnline === 2, 'two devices online over TCP');
    } finally {
      await fleet.stop();
    }
  });
});
