/**
 * MQTT over WebSocket at `/mqtt`, spoken to by the `ws` client (what mqtt.js uses in Node): the handshake,
 * binary messages both ways, fragments, ping, the closing handshake and the errors a device can cause.
 * The broker side here echoes what it reads, so each test sees exactly what the stream delivered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { serveMqttOverWebSocket } from './websocket.ts';

let server: http.Server;
let stop: () => Promise<void>;
let streams: Duplex[];
let base: string;

beforeEach(async () => {
  server = http.createServer((_req, res) => res.end());
  streams = [];
  stop = serveMqttOverWebSocket(server, (stream) => {
    streams.push(stream);
    stream.pipe(stream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function open(path = '/mqtt', protocols: string[] = ['mqtt']): Promise<WebSocket> {
  const socket = new WebSocket(`${base}${path}`, protocols);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const nextMessage = (socket: WebSocket) =>
  new Promise<Buffer>((resolve) => socket.once('message', (data: Buffer) => resolve(data)));
const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));

describe('MQTT over WebSocket', () => {
  test("the handshake picks the 'mqtt' subprotocol, and binary messages go both ways", async () => {
    const socket = await open('/mqtt', ['other', 'mqtt']);
    expect(socket.protocol).toBe('mqtt');
    const echoed = nextMessage(socket);
    socket.send(Buffer.from([0x10, 0x02, 0x00, 0x04]));
    expect([...(await echoed)]).toEqual([0x10, 0x02, 0x00, 0x04]);
    socket.close();
    await closed(socket);
  });

  test('a message sent in fragments reaches the broker whole', async () => {
    const socket = await open();
    const echoed = nextMessage(socket);
    socket.send(Buffer.from('frag'), { fin: false, binary: true });
    socket.send(Buffer.from('ment'), { fin: true, binary: true });
    expect((await echoed).toString()).toBe('fragment');
    socket.terminate();
  });

  test('a big message (64-bit length) goes through in both directions', async () => {
    const socket = await open();
    const echoed = nextMessage(socket);
    socket.send(Buffer.alloc(200_000, 9));
    expect((await echoed).equals(Buffer.alloc(200_000, 9))).toBe(true);
    socket.terminate();
  });

  test('a ping is answered with its payload', async () => {
    const socket = await open();
    const pong = new Promise<Buffer>((resolve) => socket.once('pong', (data: Buffer) => resolve(data)));
    socket.ping(Buffer.from('are you there'));
    expect((await pong).toString()).toBe('are you there');
    socket.terminate();
  });

  test("the device's close is answered, and the broker's stream ends", async () => {
    const socket = await open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const ended = new Promise((resolve) => streams[0]?.once('close', resolve));
    socket.close(4000);
    expect(await closed(socket)).toBe(1000);
    await ended;
  });

  test('a text frame is refused with 1003, a message over 1 MiB with 1009', async () => {
    const text = await open();
    const textClosed = closed(text);
    text.send('not binary');
    expect(await textClosed).toBe(1003);

    const big = await open();
    const bigClosed = closed(big);
    big.send(Buffer.alloc(1024 * 1024 + 1));
    expect(await bigClosed).toBe(1009);
  });

  test('the broker dropping a connection closes the socket', async () => {
    const socket = await open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const code = closed(socket);
    streams[0]?.destroy();
    expect(await code).toBe(1006);
  });

  test('other paths get 404 and a broken handshake 400', async () => {
    await expect(open('/elsewhere')).rejects.toThrow(/404/);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request(`${base.replace('ws:', 'http:')}/mqtt`, {
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '8' },
      });
      request.once('response', (res) => resolve(res.statusCode));
      request.once('upgrade', () => reject(new Error('upgraded')));
      request.once('error', reject);
      request.end();
    });
    expect(status).toBe(400);
  });

  test('stopping the server ends every connection', async () => {
    const sockets = await Promise.all([open(), open()]);
    const codes = Promise.all(sockets.map(closed));
    await stop();
    expect(await codes).toEqual([1006, 1006]);
  });
});
