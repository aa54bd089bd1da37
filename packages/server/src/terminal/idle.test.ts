/**
 * Idle sessions close after TERMINAL_IDLE_MINUTES (here a fraction of a minute), and the device is told to
 * end its stream; typing keeps a session open. A device driven by hand answers tunnel.open.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeFrame, deviceTopic, rpcRequest, ttyTopic } from '@edge/protocol';
import { signIn, type TestConsole } from '../testing/harness.ts';
import {
  connectAs,
  consoleUrl,
  enrolByHand,
  mqttUrl,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type HandDevice,
} from '../testing/devices.ts';
import { openTerminal } from '../testing/terminal.ts';

const IDLE_MS = 3000;
let edge: TestConsole;
let hand: HandDevice;
let device: MqttClient;
/** Frames the device got on its tty/+/in topics, by session. */
const frames = new Map<string, string[]>();

beforeAll(async () => {
  edge = await startListeningConsole('sqlite', { terminalIdleMinutes: IDLE_MS / 60_000 });
  const serial = `${uniquePrefix()}-IDLE`;
  await edge.enrolment.provisionSerials([serial]);
  hand = await enrolByHand(mqttUrl(edge), serial);
  device = await connectAs(mqttUrl(edge), hand);
  await device.subscribeAsync(deviceTopic(hand.deviceId, 'rpc/req'), { qos: 1 });
  await device.subscribeAsync(ttyTopic(hand.deviceId, '+', 'in'), { qos: 1 });
  device.on('message', (topic, payload) => {
    if (topic.endsWith('/in')) {
      const session = topic.split('/').at(-2)!;
      const frame = decodeFrame(payload);
      frames.set(session, [...(frames.get(session) ?? []), frame?.type ?? 'bad']);
      return;
    }
    const request = rpcRequest.parse(JSON.parse(payload.toString()));
    const result = request.method === 'tunnel.open' ? { shell: 'hand' } : {};
    device.publish(deviceTopic(hand.deviceId, 'rpc/res'), JSON.stringify({ id: request.id, result }));
  });
  const hello = {
    serial,
    model: 'Hand Device',
    firmware: '1',
    hostname: 'hand',
    capabilities: [],
    interfaces: [],
    reportInterval: 30,
    ip: '127.0.0.1',
    mac: '02:00:00:00:00:01',
  };
  await device.publishAsync(deviceTopic(hand.deviceId, 'hello'), JSON.stringify(hello), { qos: 1 });
  await waitFor(() => edge.devices.get(hand.deviceId)?.online, 'the hand device online');
});

afterAll(async () => {
  device?.end(true);
  await edge?.destroy();
});

test('typing keeps the session; silence past the idle time closes it and tells the device', async () => {
  const admin = await signIn(edge);
  const term = await openTerminal(consoleUrl(edge), hand.deviceId, admin.headers(false));
  const { session } = await term.ready;
  const started = Date.now();
  // Keys every sixth of the idle time (room for a loaded machine), for twice the idle time: still open.
  while (Date.now() - started < 2 * IDLE_MS) {
    term.type('x');
    await new Promise((r) => setTimeout(r, IDLE_MS / 6));
  }
  expect(term.words.some((w) => w.type === 'closed')).toBe(false);
  const closed = await term.closed;
  expect(closed.code).toBe(1000);
  expect(term.words.at(-1)).toEqual({ type: 'closed', reason: 'idle' });
  await waitFor(() => frames.get(session)?.includes('close'), 'the device told to close');
  expect(frames.get(session)!.filter((f) => f === 'data').length).toBeGreaterThan(3);
});
