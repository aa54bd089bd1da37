/**
 * The measurement behind the tunnel's transport (issue 19; README, architecture notes): interactive bytes
 * over the device's own MQTT connection (embedded broker, MQTT over WebSocket, QoS 1, 16 KiB frames) against
 * a dedicated WebSocket on the same loopback. Prints small-frame round trips (a keystroke and its echo) and
 * bulk throughput device -> console for both.
 *
 *   npx tsx bench/src/tunnel-transport.ts [MiB]     (default 50)
 */
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, WebSocket } from 'ws';
import { deviceTopic, ttyTopic, TUNNEL_MAX_FRAME } from '@edge/protocol';
import {
  connectAs,
  enrolByHand,
  mqttUrl,
  startListeningConsole,
  uniquePrefix,
  waitFor,
} from '../../packages/server/src/testing/devices.ts';
import { summarise } from './stats.ts';

const MIB = Number(process.argv[2] ?? 50);
const ROUND_TRIPS = 500;
const frame = Buffer.alloc(TUNNEL_MAX_FRAME, 120);
const fmt = (n: number) => n.toFixed(2);

async function overMqtt() {
  const edge = await startListeningConsole('sqlite');
  try {
    const serial = `${uniquePrefix()}-TX`;
    await edge.enrolment.provisionSerials([serial]);
    const hand = await enrolByHand(mqttUrl(edge), serial);
    const device = await connectAs(mqttUrl(edge), hand);
    await device.publishAsync(
      deviceTopic(hand.deviceId, 'hello'),
      JSON.stringify({
        serial,
        model: 'Hand',
        firmware: '1',
        hostname: 'h',
        capabilities: [],
        interfaces: [],
        reportInterval: 30,
        ip: '127.0.0.1',
        mac: '02:00:00:00:00:01',
      }),
      { qos: 1 },
    );
    await waitFor(() => edge.devices.get(hand.deviceId)?.online, 'online');
    const session = 'a'.repeat(32);
    const inTopic = ttyTopic(hand.deviceId, session, 'in');
    const outTopic = ttyTopic(hand.deviceId, session, 'out');
    // The device echoes what comes in, as a shell echoes a key.
    await device.subscribeAsync(inTopic, { qos: 1 });
    device.on('message', (topic, payload) => {
      if (topic === inTopic) device.publish(outTopic, payload, { qos: 1 });
    });
    let waiting: (() => void) | null = null;
    let received = 0;
    await edge.bus.subscribe(outTopic, (_t, payload) => {
      received += payload.length;
      waiting?.();
    });
    const rtts: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const got = new Promise<void>((r) => (waiting = r));
      const at = performance.now();
      await edge.bus.publish(inTopic, Buffer.from([0, 97]), { qos: 1 });
      await got;
      rtts.push(performance.now() - at);
    }
    waiting = null;
    device.removeAllListeners('message');
    received = 0;
    const total = MIB * 1024 * 1024;
    const done = new Promise<void>((r) => (waiting = () => received >= total && r()));
    const at = performance.now();
    for (let sent = 0; sent < total; sent += frame.length) device.publish(outTopic, frame, { qos: 1 });
    await done;
    const seconds = (performance.now() - at) / 1000;
    device.end(true);
    return { rtt: summarise(rtts), mbit: (total * 8) / seconds / 1e6 };
  } finally {
    await edge.destroy();
  }
}

async function overWebSocket() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  let onData: (data: Buffer) => void = () => undefined;
  const accepted = new Promise<WebSocket>((resolve) =>
    server.once('connection', (ws) => {
      ws.on('message', (d: Buffer) => onData(d));
      resolve(ws);
    }),
  );
  const device = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((r) => device.once('open', r));
  const consoleSide = await accepted;
  device.on('message', (d: Buffer) => device.send(d));
  const rtts: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const got = new Promise<void>((r) => (onData = () => r()));
    const at = performance.now();
    consoleSide.send(Buffer.from([0, 97]));
    await got;
    rtts.push(performance.now() - at);
  }
  device.removeAllListeners('message');
  const total = MIB * 1024 * 1024;
  let received = 0;
  const done = new Promise<void>((r) => (onData = (d) => (received += d.length) >= total && r()));
  const at = performance.now();
  for (let sent = 0; sent < total; sent += frame.length) device.send(frame);
  await done;
  const seconds = (performance.now() - at) / 1000;
  device.close();
  server.close();
  return { rtt: summarise(rtts), mbit: (total * 8) / seconds / 1e6 };
}

const mqtt = await overMqtt();
const ws = await overWebSocket();
console.log(`tunnel transport, ${ROUND_TRIPS} small round trips and ${MIB} MiB device -> console:`);
console.log(
  `  MQTT (embedded broker, QoS 1): echo p50 ${fmt(mqtt.rtt.p50)} ms, p99 ${fmt(mqtt.rtt.p99)} ms; ${fmt(mqtt.mbit)} Mbit/s`,
);
console.log(
  `  dedicated WebSocket:           echo p50 ${fmt(ws.rtt.p50)} ms, p99 ${fmt(ws.rtt.p99)} ms; ${fmt(ws.mbit)} Mbit/s`,
);
process.exit(0);
