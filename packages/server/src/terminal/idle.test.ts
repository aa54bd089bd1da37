/**
 * Idle sessions close after TERMINAL_IDLE_MINUTES (here a fraction of a minute), and the device is told to
 * end its stream; typing keeps a session open. A device driven by hand answers tunnel.open.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeFrame, deviceTopic, rpcRequest, ttyTopic } from '@edge/protocol';
import { signIn, type TestConsole } from '../testing/harness.ts';
import { consoleUrl, startListeningConsole, waitFor } from '../testing/devices.ts';
import { handDeviceOnline, openTerminal } from '../testing/terminal.ts';

const IDLE_MS = 3000;

let edge: TestConsole;
let deviceId = '';
let device: MqttClient;
/** Frames the device got on its tty/+/in topics, by session. */
const frames = new Map<string, string[]>();

beforeAll(async () => {
  edge = await startListeningConsole('sqlite', { terminalIdleMinutes: IDLE_MS / 60_000 });
  ({ client: device } = await handDeviceOnline(edge, {
    ready: async (client, hand) => {
      deviceId = hand.deviceId;
      await client.subscribeAsync(deviceTopic(deviceId, 'rpc/req'), { qos: 1 });
      await client.subscribeAsync(ttyTopic(deviceId, '+', 'in'), { qos: 1 });
      client.on('message', (topic, payload) => {
        if (topic.endsWith('/in')) {
          const session = topic.split('/').at(-2)!;
          const frame = decodeFrame(payload);
          frames.set(session, [...(frames.get(session) ?? []), frame?.type ?? 'bad']);
          return;
        }
        const request = rpcRequest.parse(JSON.parse(payload.toString()));
        const result = request.method === 'tunnel.open' ? { shell: 'hand' } : {};
        client.publish(deviceTopic(deviceId, 'rpc/res'), JSON.stringify({ id: request.id, result }));
      });
    },
  }));
});

afterAll(async () => {
  device?.end(true);
  await edge?.destroy();
});

test('typing keeps the session; silence past the idle time closes it and tells the device', async () => {
  const admin = await signIn(edge);
  const term = await openTerminal(consoleUrl(edge), deviceId, admin.headers(false));
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
