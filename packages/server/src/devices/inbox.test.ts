/** What devices say becomes the console's view of them: hello, heartbeat, telemetry, events, pings, idle. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MqttClient } from 'mqtt';
import {
  deviceTopic,
  rpcRequest,
  type HeartbeatMessage,
  type HelloMessage,
  type TelemetryMessage,
} from '@edge/protocol';
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

describe.each(DIALECTS)('device messages (%s)', (dialect) => {
  const prefix = uniquePrefix();
  let edge: TestConsole;
  let device: HandDevice;
  let client: MqttClient;
  const calls: { method: string; params: unknown }[] = [];
  const publish = (channel: Parameters<typeof deviceTopic>[1], message: unknown) =>
    client.publishAsync(
      deviceTopic(device.deviceId, channel),
      typeof message === 'string' ? message : JSON.stringify(message),
      { qos: 1 },
    );

  const hello: HelloMessage = {
    serial: `${prefix}-1`,
    model: 'RUTM50 5G Gateway',
    firmware: 'RUTM_R_00.07.07.3',
    hostname: 'gw-lobby',
    capabilities: ['reboot', 'cellular'],
    interfaces: [{ name: 'wwan0', kind: 'cellular' }],
    reportInterval: 30,
    ip: '100.64.1.2',
    mac: '00:1e:42:01:02:03',
    location: { latitude: 25.03, longitude: 121.56 },
    cellular: { imei: '356938035643809', imsi: '466920123456789' },
    secureMode: 'Unlimited',
    alarms: [],
  };
  const heartbeat = (idle = false): HeartbeatMessage => ({
    ts: Date.now(),
    uptime: 3600,
    cpuUsage: 12.5,
    cpuCores: 4,
    cpuTemp: 48,
    memory: { total: 512e6, used: 200e6 },
    disk: { total: 256e6, used: 100e6 },
    load: 'Low',
    counters: { rxBytes: 1e6, txBytes: 2e6, clients: 1 },
    reportInterval: 30,
    idle,
    signal: {
      technology: '5G',
      quality: 'good',
      rsrp: -95,
      rsrq: -11,
      snr: 14,
      band: 'n78',
      channel: 636666,
      cellId: '1234',
      operator: 'Chunghwa Telecom',
    },
  });
  const telemetry: TelemetryMessage = {
    ts: Date.now(),
    interfaces: [
      { name: 'wwan0', kind: 'cellular', rxBytes: 1e6, txBytes: 2e6, rxMbps: 12.5, txMbps: 3.2, up: true },
    ],
    ports: [
      { name: 'LAN1', up: true, speed: 1000, portType: 'LAN', poe: { current: 150, voltage: 53.5, watt: 8 } },
    ],
    poePowered: true,
    fanSpeed: null,
    clients: [
      {
        kind: 'wifi',
        hostname: 'Pixel-8',
        ip: '192.168.1.20',
        mac: 'dc:a6:32:00:00:01',
        access_time: Date.now() - 60_000,
      },
    ],
    containers: [{ name: 'node-red', state: 'running' }],
  };

  beforeAll(async () => {
    edge = await startListeningConsole(dialect);
    await edge.enrolment.provisionSerials([`${prefix}-1`]);
    device = await enrolByHand(mqttUrl(edge), `${prefix}-1`);
    client = await connectAs(mqttUrl(edge), device);
    await client.subscribeAsync(
      [deviceTopic(device.deviceId, 'rpc/req'), deviceTopic(device.deviceId, 'pong')],
      { qos: 1 },
    );
    client.on('message', (topic, payload) => {
      if (topic !== deviceTopic(device.deviceId, 'rpc/req')) return;
      const request = rpcRequest.parse(JSON.parse(payload.toString()));
      calls.push({ method: request.method, params: request.params });
      client.publish(
        deviceTopic(device.deviceId, 'rpc/res'),
        JSON.stringify({ id: request.id, result: request.params }),
      );
    });
  });
  afterAll(async () => {
    client?.end(true);
    await edge?.destroy();
  });

  test('hello, heartbeat and telemetry make up the device view', async () => {
    await publish('hello', hello);
    await publish('heartbeat', heartbeat());
    await publish('telemetry', telemetry);
    const view = await waitFor(() => {
      const current = edge.devices.get(device.deviceId);
      return current?.telemetry ? current : undefined;
    }, 'the device view');
    expect(view).toMatchObject({
      online: true,
      status: 'Runs Well',
      hostname: 'gw-lobby',
      firmware: 'RUTM_R_00.07.07.3',
      ip: '100.64.1.2',
      latitude: 25.03,
      longitude: 121.56,
      secureMode: 'Unlimited',
      upTime: 3600,
      reportInterval: 30,
      capabilities: ['reboot', 'cellular'],
      cellular: { imei: '356938035643809' },
      signal: { rsrp: -95, quality: 'good' },
    });
    expect(view.telemetry?.ports[0]?.poe?.watt).toBe(8);
    expect(edge.devices.counts()).toEqual({ numOnline: 1, numOffline: 0 });
  });

  test('an alarm turns the status to Alarm until it clears; events are logged', async () => {
    await publish('events', {
      ts: Date.now(),
      level: 'error',
      program: 'netifd',
      message: 'WAN link down.',
      alarm: { code: 'wan-down', active: true },
    });
    await waitFor(() => edge.devices.get(device.deviceId)?.status === 'Alarm', 'status Alarm');
    await publish('events', {
      ts: Date.now(),
      level: 'info',
      program: 'netifd',
      message: 'WAN link up.',
      alarm: { code: 'wan-down', active: false },
    });
    await waitFor(() => edge.devices.get(device.deviceId)?.status === 'Runs Well', 'status Runs Well');
    await edge.flushDevices();
    const logs = await edge.store.db
      .selectFrom('device_logs')
      .select(['level', 'program', 'message', 'alarm_code'])
      .where('device_id', '=', device.deviceId)
      // The console writes its own lines for the device too (Log app: connected, disconnected).
      .where('program', '!=', 'console')
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { level: 'error', program: 'netifd', message: 'WAN link down.', alarm_code: 'wan-down' },
      { level: 'info', program: 'netifd', message: 'WAN link up.', alarm_code: 'wan-down' },
    ]);
  });

  test('malformed messages are dropped without harm, and counted', async () => {
    const before = edge.devices.ingest();
    await publish('heartbeat', '{not json');
    await publish('heartbeat', { ...heartbeat(), cpuUsage: 400 });
    await publish('telemetry', telemetry);
    await new Promise((r) => setTimeout(r, 200));
    expect(edge.devices.get(device.deviceId)?.heartbeat?.cpuUsage).toBe(12.5);
    const after = edge.devices.ingest();
    expect(after.refused - before.refused).toBe(2);
    expect((after.accepted.telemetry ?? 0) - (before.accepted.telemetry ?? 0)).toBe(1);
    expect(after.accepted.heartbeat).toBe(before.accepted.heartbeat);
  });

  test('pings come back unchanged as pongs, so the device can measure its latency', async () => {
    const pong = new Promise<string>((resolve) =>
      client.once('message', (topic, payload) => topic.endsWith('/pong') && resolve(payload.toString())),
    );
    await publish('ping', { id: 7, sentAt: 123 });
    expect(JSON.parse(await pong)).toEqual({ id: 7, sentAt: 123 });
  });

  test("idle is the console's mark: it is sent to the device, and sent again when the device disagrees", async () => {
    const view = await edge.devices.actions.setIdle(device.deviceId, true);
    expect(view.status).toBe('Idle');
    expect(calls).toContainEqual({ method: 'setIdle', params: { idle: true } });
    calls.length = 0;
    await publish('heartbeat', heartbeat(false));
    await waitFor(() => calls.length > 0, 'the idle mark sent again');
    expect(calls).toEqual([{ method: 'setIdle', params: { idle: true } }]);
    await edge.flushDevices();
    expect(
      (
        await edge.store.db
          .selectFrom('devices')
          .select('idle')
          .where('id', '=', device.deviceId)
          .executeTakeFirstOrThrow()
      ).idle,
    ).toBe(1);
  });
});
