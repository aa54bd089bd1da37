/**
 * The core device suite, run against the embedded broker (devices.test.ts) and an external one
 * (devices-external.test.ts): a simulated fleet enrols and reports, a device reboots, a real agent that
 * stops reporting goes offline, and calls to an offline device fail fast.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MISSED_INTERVALS_FOR_OFFLINE, deviceRpcMessages, deviceTopic, fleetSerial } from '@edge/protocol';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/schema.ts';
import type { TestConsole } from './harness.ts';
import { DEFAULT_TIMINGS } from '../devices/index.ts';
import {
  consoleUrl,
  nextChange,
  startAgent,
  startFleet,
  startListeningConsole,
  uniquePrefix,
  waitFor,
  type Child,
} from './devices.ts';

export const FLEET_SIZE = 50;
/** Seconds between reports in these tests. */
const INTERVAL_S = 1;

export interface SuiteOptions {
  dialect: Dialect;
  overrides?: (prefix: string) => Partial<Config>;
  /** What the devices are told to connect to; the console's own URL when unset. */
  deviceUrl?: (edge: TestConsole) => string;
}

export function fleetSuite(options: SuiteOptions) {
  const prefix = uniquePrefix();
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-agent-'));
  let edge: TestConsole;
  let fleet: Child | undefined;
  let agent: Child | undefined;
  const devicesUrl = () => options.deviceUrl?.(edge) ?? consoleUrl(edge);

  beforeAll(async () => {
    edge = await startListeningConsole(options.dialect, options.overrides?.(prefix) ?? {});
    const serials = Array.from({ length: FLEET_SIZE }, (_, n) => fleetSerial(prefix, n + 1));
    await edge.enrolment.provisionSerials([...serials, `${prefix}-AGENT`], {
      group: 'Test fleet',
      profile: 'default',
    });
    fleet = startFleet({ console: devicesUrl(), count: FLEET_SIZE, prefix, interval: INTERVAL_S });
  });

  afterAll(async () => {
    await fleet?.stop();
    await agent?.stop();
    // A shared broker keeps retained presence words forever: leave it as we found it.
    if (edge && options.deviceUrl) {
      for (const device of edge.devices.list())
        await edge.bus.publish(deviceTopic(device.id, 'status'), '', { retain: true });
    }
    await edge?.destroy();
    fs.rmSync(stateDir, { recursive: true, force: true });
  });

  test(`${FLEET_SIZE} pre-provisioned simulated devices enrol and all come online`, async () => {
    // Online comes with the presence word; the report interval with the hello that follows it.
    await waitFor(
      () =>
        edge.devices.counts().numOnline === FLEET_SIZE &&
        edge.devices.list().every((d) => d.reportInterval === INTERVAL_S),
      `${FLEET_SIZE} devices online and reporting`,
      40_000,
    ).catch((err: Error) => {
      throw new Error(
        `${err.message}: ${JSON.stringify(edge.devices.counts())}\n${fleet?.output.slice(-20).join('\n')}`,
      );
    });
    const views = edge.devices.list();
    expect(
      views.every(
        (d) => d.adoption === 'adopted' && d.status !== 'Offline' && d.reportInterval === INTERVAL_S,
      ),
    ).toBe(true);
    const group = (await edge.devices.groups.list()).find((g) => g.name === 'Test fleet');
    expect(views.every((d) => d.groupId === group?.id && d.profile === 'default')).toBe(true);
    expect(await edge.enrolment.listDiscovery()).toEqual([]);

    // Heartbeats and telemetry reach the store in batches.
    await waitFor(
      () => edge.devices.list().every((d) => d.heartbeat && d.telemetry),
      'heartbeat and telemetry of every device',
    );
    await edge.flushDevices();
    const rows = await edge.store.db
      .selectFrom('devices')
      .select(['online', 'report_interval', 'last_seen_at'])
      .where('serial', 'like', `${prefix}-%`)
      .execute();
    expect(
      rows.filter((r) => r.online === 1 && r.report_interval === INTERVAL_S && r.last_seen_at !== null),
    ).toHaveLength(FLEET_SIZE);
    const sample = views[0]!;
    const history = await edge.telemetry.history(sample.id, {
      from: Date.now() - 60_000,
      to: Date.now() + 1000,
    });
    expect(history.resolution).toBe('raw');
    expect(history.points.at(-1)?.cpuUsage).toEqual(expect.any(Number));
  });

  test('reboot: the device answers, goes offline and comes back freshly booted', async () => {
    const device = edge.devices.list().find((d) => d.online)!;
    const offline = nextChange(edge, (c) => c.type === 'offline' && c.deviceId === device.id);
    const result = await edge.rpc.call(device.id, 'reboot', {});
    expect(result.inMs).toBeGreaterThanOrEqual(0);
    await offline;
    expect(edge.devices.get(device.id)?.status).toBe('Offline');
    await nextChange(edge, (c) => c.type === 'heartbeat' && c.deviceId === device.id);
    expect(edge.devices.get(device.id)?.online).toBe(true);
    expect(edge.devices.get(device.id)!.upTime).toBeLessThan(10);
  });

  test('a device that stops reporting is offline within three report intervals; calls to it fail fast', async () => {
    agent = startAgent({ console: devicesUrl(), serial: `${prefix}-AGENT`, stateDir, interval: INTERVAL_S });
    const online = await waitFor(
      () => edge.devices.list().find((d) => d.serial === `${prefix}-AGENT` && d.heartbeat),
      'the real agent online',
    );
    expect(online.model).toBe('Test Linux Box');

    const offline = nextChange(edge, (c) => c.type === 'offline' && c.deviceId === online.id);
    agent.process.kill('SIGSTOP');
    const { change } = await offline;
    // Both instants as the console took them: the wall clock read again in the test can step between readings.
    const wentOffline = change.type === 'offline' ? change.at : Number.NaN;
    const lastSeen = edge.devices.get(online.id)!.lastSeenAt!;
    // Three intervals, plus the sweep's period, plus timer lag on a busy test machine.
    expect(wentOffline - lastSeen).toBeLessThanOrEqual(
      MISSED_INTERVALS_FOR_OFFLINE * INTERVAL_S * 1000 + DEFAULT_TIMINGS.sweepMs + 1000,
    );
    expect(wentOffline - lastSeen).toBeGreaterThan(MISSED_INTERVALS_FOR_OFFLINE * INTERVAL_S * 1000);

    const started = Date.now();
    await expect(edge.rpc.call(online.id, 'getInfo', {})).rejects.toThrow(deviceRpcMessages.deviceOffline);
    expect(Date.now() - started).toBeLessThan(1000);

    const back = nextChange(edge, (c) => c.type === 'online' && c.deviceId === online.id);
    agent.process.kill('SIGCONT');
    await back;
    const info = await edge.rpc.call(online.id, 'getInfo', {});
    expect(info.serial).toBe(`${prefix}-AGENT`);
  });
}
