import { describe, expect, test } from 'vitest';
import { ENROL_PASSWORD, ENROL_USERNAME, enrolClientId, enrolTopic } from '@edge/protocol';
import { TEST_ENROL_SECRET } from '../testing/harness.ts';
import { closesWithin, connect, mqttUrl, startListeningConsole, uniquePrefix } from '../testing/devices.ts';
import { rateLimiter } from './rate-limit.ts';

describe('rate limiter', () => {
  test('each key gets its burst, then its sustained rate; keys do not share', () => {
    let now = 0;
    const limit = rateLimiter({ perSecond: 2, burst: 3 }, () => now);
    expect([1, 2, 3, 4].map(() => limit.take('a'))).toEqual([true, true, true, false]);
    expect(limit.take('b')).toBe(true);
    now += 500;
    expect([limit.take('a'), limit.take('a')]).toEqual([true, false]);
    expect(rateLimiter({ perSecond: 0, burst: 0 }).take('x')).toBe(true);
  });
});

describe('enrolment requests per source (embedded broker)', () => {
  test('a source over its limit is disconnected; its requests stop reaching the console', async () => {
    const edge = await startListeningConsole('sqlite', { enrolRatePerSource: 1 });
    try {
      const serial = `${uniquePrefix()}-FLOOD`;
      const client = await connect(mqttUrl(edge), {
        clientId: enrolClientId(serial),
        username: ENROL_USERNAME,
        password: ENROL_PASSWORD,
      });
      const closed = closesWithin(client, 3000);
      const body = JSON.stringify({
        serial,
        model: 'Flood',
        mac: '',
        ip: '',
        ifaceName: '',
        firmware: '',
        key: 'k'.repeat(43),
        secret: TEST_ENROL_SECRET,
      });
      // A burst of ten (burstOf(1)), then the eleventh is refused with the connection.
      for (let i = 0; i < 15 && client.connected; i++)
        client.publish(enrolTopic(serial, 'request'), body, { qos: 0 });
      expect(await closed).toBe(true);
      client.end(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(edge.devices.ingest().accepted.enrol).toBe(10);
    } finally {
      await edge.destroy();
    }
  });
});
