/** Retained messages found through the index: the same answers as a scan, without scanning. */
import { describe, expect, test } from 'vitest';
import mqtt from 'mqtt';
import { deviceTopic } from '@edge/protocol';
import { createEmbeddedBus } from './embedded-bus.ts';
import { retainedIndex } from './retained-index.ts';

const A = '0123456789abcdef';
const B = 'fedcba9876543210';
const packet = (topic: string, payload = 'x') => ({ topic, payload: Buffer.from(payload) });
const topicsOf = (found: Iterable<{ topic: string }>) => [...found].map((p) => p.topic).sort();

describe('retained index', () => {
  const index = retainedIndex();
  for (const topic of [
    deviceTopic(A, 'status'),
    deviceTopic(B, 'status'),
    `edge/v1/${A}/tty/s1/in`,
    `edge/v1/${A}/tty/s2/in`,
    '$SYS/broker/x',
  ])
    index.store(packet(topic));

  test('exact filters, filters under a device, and wildcards from the top find what a scan would', () => {
    expect(topicsOf(index.matching([deviceTopic(A, 'status')]))).toEqual([deviceTopic(A, 'status')]);
    expect(topicsOf(index.matching([deviceTopic(A, 'rpc/req')]))).toEqual([]);
    expect(topicsOf(index.matching([`edge/v1/${A}/tty/+/in`]))).toEqual([
      `edge/v1/${A}/tty/s1/in`,
      `edge/v1/${A}/tty/s2/in`,
    ]);
    expect(topicsOf(index.matching([`edge/v1/${B}/#`]))).toEqual([deviceTopic(B, 'status')]);
    expect(topicsOf(index.matching(['edge/v1/+/status']))).toEqual(
      [deviceTopic(B, 'status'), deviceTopic(A, 'status')].sort(),
    );
    expect(topicsOf(index.matching(['#']))).not.toContain('$SYS/broker/x');
    expect(topicsOf(index.matching(['$SYS/#']))).toEqual(['$SYS/broker/x']);
    expect(topicsOf(index.matching([deviceTopic(A, 'status'), deviceTopic(B, 'status')]))).toHaveLength(2);
  });

  test('keeps its own copy of a payload, not the frame the payload was sliced from', () => {
    const frame = Buffer.alloc(64 * 1024, 'o');
    const own = retainedIndex();
    own.store({ topic: deviceTopic(A, 'status'), payload: frame.subarray(100, 106) });
    frame.fill('x');
    const [kept] = [...own.matching([deviceTopic(A, 'status')])];
    expect(kept!.payload.toString()).toBe('oooooo');
    expect(kept!.payload.buffer.byteLength).toBeLessThan(frame.byteLength);
  });

  test('an empty payload clears the retained message', () => {
    index.store(packet(`edge/v1/${A}/tty/s1/in`, ''));
    expect(topicsOf(index.matching([`edge/v1/${A}/tty/+/in`]))).toEqual([`edge/v1/${A}/tty/s2/in`]);
    expect(index.size).toBe(4);
  });
});

test('the embedded broker still hands a subscriber the retained messages of its filters', async () => {
  const bus = await createEmbeddedBus({
    authenticator: { verify: (id, password) => id === A && password === 'secret' },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const { port } = await bus.listenTcp(0, '127.0.0.1');
  await bus.publish(deviceTopic(A, 'rpc/req'), 'kept', { retain: true, qos: 1 });
  await bus.publish(`edge/v1/${A}/tty/s1/in`, 'typed', { retain: true, qos: 1 });
  await bus.publish(deviceTopic(B, 'rpc/req'), 'not yours', { retain: true, qos: 1 });
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: A,
    username: A,
    password: 'secret',
    reconnectPeriod: 0,
    protocolVersion: 4,
  });
  try {
    const got: string[] = [];
    client.on('message', (topic, payload, p) =>
      got.push(`${topic}=${payload.toString()}${p.retain ? ' (retained)' : ''}`),
    );
    await client.subscribeAsync([deviceTopic(A, 'rpc/req'), `edge/v1/${A}/tty/+/in`], { qos: 1 });
    await expect
      .poll(() => got.sort())
      .toEqual([`edge/v1/${A}/rpc/req=kept (retained)`, `edge/v1/${A}/tty/s1/in=typed (retained)`]);
  } finally {
    await client.endAsync();
    await bus.close();
  }
});
