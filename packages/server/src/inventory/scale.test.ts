/**
 * The inventory list at fleet scale: 10,000 adopted devices loaded into the registry, the first page in
 * every sort order and with a search answers within 50 ms at the 99th percentile (through the HTTP layer).
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deviceSortKeys, type InventoryListResponse } from '@edge/protocol';
import { signIn, startTestConsole, type TestConsole } from '../testing/harness.ts';
import { caller, type Caller } from '../testing/accounts.ts';

const DEVICES = 10_000;

describe('inventory list at 10,000 devices (sqlite)', () => {
  let edge: TestConsole;
  let admin: Caller;

  beforeAll(async () => {
    const seed = await startTestConsole('sqlite');
    const { id: groupId } = await seed.devices.groups.create('Everyone');
    const now = Date.now();
    const rows = Array.from({ length: DEVICES }, (_, i) => ({
      id: (0x1000000000000000n + BigInt(i)).toString(16),
      serial: `SCALE-${String(i).padStart(6, '0')}`,
      name: `Device ${(i * 7919) % DEVICES}`,
      model: ['ER-605 Router', 'ER-7206 Gigabit Router', 'IR-302 Cellular'][i % 3]!,
      adoption: 'adopted' as const,
      credential_hash: 'x'.repeat(64),
      group_id: i % 2 ? groupId : null,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      online: i % 5 ? 1 : 0,
      uptime: i * 13,
      last_seen_at: now - i * 1000,
      latitude: null,
      longitude: null,
      adopted_at: now,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await seed.store.db
        .insertInto('devices')
        .values(rows.slice(i, i + 500))
        .execute();
    await seed.close();
    // A console starting on that store loads every adopted device into its registry.
    edge = await startTestConsole('sqlite', { dataDir: seed.config.dataDir });
    admin = caller(edge, await signIn(edge));
  }, 120_000);

  afterAll(() => edge?.destroy());

  test('first pages answer within 50 ms at the 99th percentile', async () => {
    // The offline sweep may have caught up with some devices by now: only the total is certain.
    const counts = edge.devices.counts();
    expect(counts.numOnline + counts.numOffline).toBe(DEVICES);
    const urls = [
      ...deviceSortKeys.flatMap((sortBy) => [`sortBy=${sortBy}`, `sortBy=${sortBy}&order=desc&pageSize=40`]),
      'search=device 12',
      'search=10.0.3',
      'status=Offline',
      'groupId=0&sortBy=ip',
      'modelID=IR-302 Cellular&sortBy=upTime&order=desc',
    ].map((q) => `/api/v1/inventory/list?${q}`);
    for (const url of urls) await admin('GET', url); // warm up
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (const url of urls) {
        const started = performance.now();
        const cpuBefore = process.cpuUsage();
        const res = await admin('GET', url);
        const used = process.cpuUsage(cpuBefore);
        wall.push(performance.now() - started);
        cpu.push((used.user + used.system) / 1000);
        expect(res.statusCode).toBe(200);
      }
    }
    const body = (await admin('GET', '/api/v1/inventory/list')).json<InventoryListResponse>();
    expect(body.totalNumber).toBe(DEVICES);
    expect(body.numOnline + body.numOffline).toBe(DEVICES);

    const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)]!;
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[times.length >> 1]!;
    const busy = os.loadavg()[0]! > os.cpus().length;
    console.info(
      `inventory list at ${DEVICES}: wall median ${median(wall).toFixed(1)} ms, p99 ${p99(wall).toFixed(1)} ms; ` +
        `CPU median ${median(cpu).toFixed(1)} ms, p99 ${p99(cpu).toFixed(1)} ms; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    // The work a request costs, whatever else the machine is doing (test runs share small machines) ...
    expect(p99(cpu)).toBeLessThan(50);
    // ... and the time a user waits, when the machine is not oversubscribed by others.
    if (!busy) expect(p99(wall)).toBeLessThan(50);
  }, 120_000);
});
