/**
 * The inventory list at fleet scale: 10,000 adopted devices loaded from the store into the registry, the
 * first page in every sort order, filter and search answered through the HTTP layer, paged and counted
 * right. How fast is the benchmark's business (bench/: inventory/list p50/p99 under a live fleet), not a test's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_PAGE_SIZE, deviceSortKeys, type InventoryListResponse } from '@edge/protocol';
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

  test('first pages in every order and filter answer, paged and counted over the whole fleet', async () => {
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
    for (const url of urls) {
      const res = await admin('GET', url);
      expect(res.statusCode, url).toBe(200);
      const page = res.json<InventoryListResponse>();
      const size = url.includes('pageSize=40') ? 40 : DEFAULT_PAGE_SIZE;
      expect(page.list.length, url).toBeLessThanOrEqual(size);
      expect(page.list.length, url).toBe(Math.min(size, page.totalNumber));
    }
    const searched = (
      await admin('GET', '/api/v1/inventory/list?search=device 12')
    ).json<InventoryListResponse>();
    expect(searched.totalNumber).toBeGreaterThan(0);
    for (const d of searched.list) expect(d.name.toLowerCase()).toContain('device 12');
    const body = (await admin('GET', '/api/v1/inventory/list')).json<InventoryListResponse>();
    expect(body.totalNumber).toBe(DEVICES);
    expect(body.numOnline + body.numOffline).toBe(DEVICES);
  }, 120_000);
});
