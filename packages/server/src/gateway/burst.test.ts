/**
 * A burst of device messages while deliveries to clients are under way (a reconnect storm: thousands of
 * enrolment replies in flight) must not crash the broker. aedes' message emitter queues whatever comes
 * beyond its concurrency while deliveries are in flight, then drains the queue by recursion, one stack frame
 * chain per message whose subscribers answer at once (the console's own): with aedes' default concurrency
 * (100) the bench's 10,000-device storm overflowed the stack and killed the console. createEmbeddedBus
 * lifts the limit; this is that storm in small.
 */
import { expect, test } from 'vitest';
import mqtt from 'mqtt';
import { deviceTopic } from '@edge/protocol';
import { createEmbeddedBus } from './embedded-bus.ts';

const A = '0123456789abcdef';
const IN_FLIGHT = 300;
const BURST = 50_000;

test('a burst behind many deliveries in flight is handled, not a stack overflow', async () => {
  const bus = await createEmbeddedBus({
    authenticator: { verify: (id, password) => id === A && password === 'secret' },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const { port } = await bus.listenTcp(0, '127.0.0.1');
  const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: A,
    username: A,
    password: 'secret',
    reconnectPeriod: 0,
    protocolVersion: 4,
  });
  try {
    await device.subscribeAsync(deviceTopic(A, 'rpc/req'), { qos: 0 });
    let received = 0;
    await bus.subscribe('bench/+', () => received++);
    // Deliveries to a client finish on a later turn of the event loop: these are all in flight at once...
    for (let n = 0; n < IN_FLIGHT; n++) void bus.publish(deviceTopic(A, 'rpc/req'), 'x');
    // ... and these, delivered to the console alone, arrive in the same turn.
    for (let n = 0; n < BURST; n++) void bus.publish(`bench/${n % 10}`, 'x');
    await expect.poll(() => received, { timeout: 20_000 }).toBe(BURST);
  } finally {
    device.end(true);
    await bus.close();
  }
}, 30_000);
