/**
 * Idle sessions close after TERMINAL_IDLE_MINUTES (here a fraction of a minute), and the device is told to
 * end its stream; typing keeps a session open. The remote desktop has the same limit: keys and the pointer
 * keep it open, noVNC's update requests alone do not. A device driven by hand answers tunnel.open.
 */
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DESKTOP_SOCKET_PATH, decodeFrame, deviceTopic, rpcRequest, ttyTopic } from '@edge/protocol';
import { signIn, type TestConsole } from '../testing/harness.ts';
import { consoleUrl, startListeningConsole, waitFor } from '../testing/devices.ts';
import { handDeviceOnline, openTerminal } from '../testing/terminal.ts';
import { openDesktop } from '../testing/desktop.ts';

const IDLE_MS = 3000;

let edge: TestConsole;
let deviceId = '';
let device: MqttClient;
/** Frames the device got on its tty/+/in topics, by session. */
const frames = new Map<string, string[]>();
/** Sessions the console opened, by kind. */
const opened: { kind: string; session: string }[] = [];

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
        const params = request.params as { kind?: string; session?: string };
        if (request.method === 'tunnel.open') opened.push({ kind: params.kind!, session: params.session! });
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('the remote desktop: keys and the pointer keep it open; update requests alone do not', async () => {
  const admin = await signIn(edge);
  const {
    ws,
    opened: up,
    closed,
  } = openDesktop(consoleUrl(edge), `${DESKTOP_SOCKET_PATH}?id=${deviceId}`, admin.headers(false));
  await up;
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  // The client's handshake (version, security None, ClientInit), as noVNC sends it.
  ws.send(Buffer.from('RFB 003.008\n'));
  ws.send(Buffer.from([1]));
  ws.send(Buffer.from([1]));
  const update = Buffer.from([3, 1, 0, 0, 0, 0, 0, 8, 0, 8]);
  const started = Date.now();
  while (Date.now() - started < 2 * IDLE_MS) {
    ws.send(update);
    ws.send(Buffer.from([4, 1, 0, 0, 0, 0, 0, 0x61])); // a key
    ws.send(Buffer.from([5, 0, 0, 10, 0, 20])); // the pointer
    await sleep(IDLE_MS / 6);
  }
  expect(isClosed).toBe(false);
  // Only update requests from now on, as a screen left open: it closes as idle all the same.
  const quiet = Date.now();
  while (!isClosed && Date.now() - quiet < 4 * IDLE_MS) {
    ws.send(update);
    await sleep(IDLE_MS / 6);
  }
  expect(await closed).toEqual({ code: 1011, reason: 'idle' });
  expect(Date.now() - quiet).toBeGreaterThanOrEqual(IDLE_MS - 100);
  const session = opened.find((o) => o.kind === 'desktop')!.session;
  await waitFor(() => frames.get(session)?.includes('close'), 'the device told to close');
});
