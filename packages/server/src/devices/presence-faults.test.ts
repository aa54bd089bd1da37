/**
 * Presence after faults: a console that starts (after a SIGKILL, say) holds no device connection, so the
 * devices the database still calls online are shown offline until they speak; a console that loses its
 * external broker shows every device unreachable at once and calls fail fast, and the devices come back
 * when the broker does. Private Mosquitto on a random port: the shared one is never stopped.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { deviceRpcMessages, fleetSerial } from '@edge/protocol';
import { buildConsole } from '../app.ts';
import { DIALECTS, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { startMosquitto, type MosquittoProcess } from '../gateway/mosquitto-process.ts';
import { startConsoleWithFleet, startFleet, uniquePrefix, waitFor, type Child } from '../testing/devices.ts';

const COUNT = 5;

describe.each(DIALECTS)('a console that starts holds no connection (%s)', (dialect) => {
  test('devices the database calls online start offline', async () => {
    const { edge, fleet } = await startConsoleWithFleet(dialect, { count: COUNT, prefix: uniquePrefix() });
    try {
      await edge.flushDevices();
      const stored = await edge.store.db.selectFrom('devices').select('online').execute();
      expect(stored.filter((r) => r.online === 1)).toHaveLength(COUNT);
      // The devices vanish without a word, as when the console's host died with them connected.
      fleet.process.kill('SIGKILL');

      const restarted = await buildConsole(edge.config, { logger: false });
      try {
        expect(restarted.devices.counts()).toEqual({ numOnline: 0, numOffline: COUNT });
        const after = await restarted.store.db.selectFrom('devices').select('online').execute();
        expect(after.filter((r) => r.online === 1)).toEqual([]);
      } finally {
        await restarted.close();
      }
    } finally {
      await fleet.stop();
      await edge.destroy();
    }
  });
});

describe('a console that loses its external broker', () => {
  let broker: MosquittoProcess | undefined;
  let edge: TestConsole | undefined;
  let fleet: Child | undefined;
  const prefix = uniquePrefix();

  afterAll(async () => {
    await fleet?.stop();
    await edge?.destroy();
    await broker?.stop();
  });

  test('shows every device unreachable at once, fails calls fast, and recovers with the broker', async () => {
    broker = await startMosquitto(() => ['allow_anonymous true']);
    const url = `mqtt://127.0.0.1:${broker.port}`;
    edge = await startTestConsole('sqlite', { mqttUrl: url, mqttShareGroup: `test-${prefix.toLowerCase()}` });
    await edge.enrolment.provisionSerials(
      Array.from({ length: COUNT }, (_, n) => fleetSerial(prefix, n + 1)),
      { group: 'Test fleet', profile: 'default' },
    );
    fleet = startFleet({ console: url, count: COUNT, prefix, interval: 1 });
    const console_ = edge;
    await waitFor(() => console_.devices.counts().numOnline === COUNT, `${COUNT} devices online`, 60_000);
    const someone = console_.devices.list()[0]!.id;

    const port = broker.port;
    process.kill(broker.pid, 'SIGKILL');
    const lostAt = Date.now();
    await waitFor(() => console_.devices.counts().numOnline === 0, 'every device unreachable', 5_000);
    // Three missed one-second heartbeats would take 3 s: this is the lost connection, not the sweep.
    expect(Date.now() - lostAt).toBeLessThan(2_000);

    const calledAt = Date.now();
    await expect(console_.rpc.call(someone, 'getInfo', {})).rejects.toThrow(deviceRpcMessages.deviceOffline);
    expect(Date.now() - calledAt).toBeLessThan(500);

    await broker.stop();
    broker = await startMosquitto(() => ['allow_anonymous true'], undefined, port);
    await waitFor(() => console_.devices.counts().numOnline === COUNT, 'devices back online', 30_000);
    expect(await console_.rpc.call(someone, 'getInfo', {})).toMatchObject({ serial: expect.any(String) });
  });
});
