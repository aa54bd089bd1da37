/** Calls into devices, answered by a hand-driven device: results, progress, errors, deadlines, offline. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import { deviceRpcMessages, deviceTopic, rpcRequest, type RpcResponse } from '@edge/protocol';
import { DIALECTS, type TestConsole } from '../testing/harness.ts';
import {
  connectAs,
  enrolByHand,
  mqttUrl,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type HandDevice,
} from '../testing/devices.ts';

type Answer = (request: { id: string; method: string }) => RpcResponse[];

/** Connects the device, says it is online and answers each call with what `answer` returns. */
async function online(
  edge: TestConsole,
  device: HandDevice,
  answer: Answer,
  capabilities: string[] = [],
): Promise<MqttClient> {
  const client = await connectAs(mqttUrl(edge), device);
  await client.subscribeAsync(deviceTopic(device.deviceId, 'rpc/req'), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const request = rpcRequest.parse(JSON.parse(payload.toString()));
    for (const response of answer(request))
      client.publish(deviceTopic(device.deviceId, 'rpc/res'), JSON.stringify(response));
  });
  const hello = {
    serial: device.serial,
    model: 'Hand Device',
    firmware: '1',
    hostname: 'hand',
    capabilities,
    interfaces: [],
    reportInterval: 30,
    ip: '127.0.0.1',
    mac: '02:00:00:00:00:01',
  };
  await client.publishAsync(deviceTopic(device.deviceId, 'hello'), JSON.stringify(hello), { qos: 1 });
  await waitFor(() => edge.devices.get(device.deviceId)?.online, 'the hand device online');
  return client;
}

describe.each(DIALECTS)('device RPC (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let a: HandDevice;
  let b: HandDevice;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    await edge.enrolment.provisionSerials([`${prefix}-A`, `${prefix}-B`]);
    a = await enrolByHand(mqttUrl(edge), `${prefix}-A`);
    b = await enrolByHand(mqttUrl(edge), `${prefix}-B`);
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await edge?.destroy();
  });

  test('unknown and offline devices fail at once', async () => {
    await expect(edge.rpc.call('0123456789abcdef', 'getInfo', {})).rejects.toThrow(
      deviceRpcMessages.unknownDevice,
    );
    const started = Date.now();
    await expect(edge.rpc.call(a.deviceId, 'reboot', {})).rejects.toMatchObject({
      message: deviceRpcMessages.deviceOffline,
      statusCode: 409,
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('results come back by id, with progress on the way', async () => {
    clients.push(
      await online(edge, a, (r) =>
        r.method === 'setIdle'
          ? [
              { id: r.id, progress: 50, note: 'half way' },
              { id: r.id, result: { idle: true } },
            ]
          : [],
      ),
    );
    const progress: [number, string | undefined][] = [];
    const result = await edge.rpc.call(
      a.deviceId,
      'setIdle',
      { idle: true },
      { onProgress: (p, note) => progress.push([p, note]) },
    );
    expect(result).toEqual({ idle: true });
    expect(progress).toEqual([[50, 'half way']]);
  });

  test("a silent device times out; another device's answer does not count", async () => {
    let lastId = '';
    clients.push(await online(edge, b, (r) => ((lastId = r.id), [])));
    const call = edge.rpc.call(b.deviceId, 'getInfo', {}, { deadlineMs: 600 });
    await waitFor(() => lastId, 'the call delivered');
    clients[0]!.publish(deviceTopic(a.deviceId, 'rpc/res'), JSON.stringify({ id: lastId, result: {} }));
    const started = Date.now();
    await expect(call).rejects.toMatchObject({
      message: deviceRpcMessages.deviceTimeout,
      reason: 'deviceTimeout',
    });
    // Its own 600 ms deadline, not the default one, with room for a machine busy with other work.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test("the device's own errors, malformed results and missing capabilities are reported as such", async () => {
    const client = await online(edge, b, (r) =>
      r.method === 'ping'
        ? [{ id: r.id, error: { code: 'unsupported', message: 'ping is not installed on this device.' } }]
        : [{ id: r.id, result: { nonsense: true } }],
    );
    clients.push(client);
    await expect(edge.rpc.call(b.deviceId, 'ping', { target: '10.0.0.1' })).rejects.toMatchObject({
      reason: 'remote',
      remoteCode: 'unsupported',
      message: 'ping is not installed on this device.',
    });
    await expect(edge.rpc.call(b.deviceId, 'reboot', {})).rejects.toMatchObject({ reason: 'badResult' });
    await expect(edge.devices.actions.shutdown(b.deviceId)).rejects.toThrow(deviceRpcMessages.cannotShutdown);
  });

  test('a call waiting on a device that drops fails as soon as it is offline', async () => {
    const client = clients.pop()!;
    const call = edge.rpc.call(b.deviceId, 'getInfo', {}, { deadlineMs: 10_000 });
    const started = Date.now();
    client.end(true);
    await expect(call).rejects.toThrow(deviceRpcMessages.deviceOffline);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
