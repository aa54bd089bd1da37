/**
 * Issue 13: the console's broker refuses an enrolment CONNECT that would take over a live connection with
 * the same client id ('identifier rejected', 2) unless it proves the serial's key. An agent whose own
 * connection is still held (a half-open socket after a drop) must then come back proving its key, not
 * keep knocking with the shared enrolment password. Here a bare broker refuses the first CONNECT that way.
 */
import net, { type AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { Aedes, type AuthenticateError } from 'aedes';
import { ENROL_PASSWORD, ENROL_USERNAME, enrolKeyPassword } from '@edge/protocol';
import { DeviceClient } from './device-client.ts';
import { HeapScheduler } from './scheduler.ts';
import { memoryIdentityStore } from './identity.ts';
import { SimulatedPlatform } from '../platform/simulated.ts';

const IDENTIFIER_REJECTED = 2;
const KEY = 'k'.repeat(43);

test('an agent refused as taking over a live enrolment connection comes back proving its key', async () => {
  const passwords: string[] = [];
  const broker = await Aedes.createBroker({
    authenticate(_client, username, password, done) {
      passwords.push(`${username}:${password?.toString() ?? ''}`);
      if (passwords.length > 1) return done(null, true);
      const refused = Object.assign(new Error('in use'), { returnCode: IDENTIFIER_REJECTED });
      done(refused as AuthenticateError, false);
    },
  });
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const scheduler = new HeapScheduler();
  const client = new DeviceClient({
    brokerUrl: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`,
    platform: new SimulatedPlatform({ serial: 'TAKEOVER-1', reportIntervalS: 30 }),
    identity: memoryIdentityStore({ key: KEY }),
    scheduler,
    reportInterval: 30,
    backoff: { initialMs: 50, maxMs: 100 },
    enrolSecret: 'test-enrolment-secret-0001',
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  try {
    client.start();
    await expect.poll(() => passwords.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    expect(passwords.slice(0, 2)).toEqual([
      `${ENROL_USERNAME}:${ENROL_PASSWORD}`,
      `${ENROL_USERNAME}:${enrolKeyPassword(KEY)}`,
    ]);
  } finally {
    await client.stop();
    scheduler.stop();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise((resolve) => server.close(resolve));
  }
});
