import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { DeviceCountsView, DeviceDashboard, DeviceRow, InventoryListResponse } from '@edge/protocol';
import { applyRowsToCaches } from './caches.ts';
import { inventoryKeys } from '../keys.ts';

const row = (id: string, patch: Partial<DeviceRow> = {}) =>
  ({ id, name: id, sn: id, status: 'Runs Well', online: true, groupId: null, ...patch }) as DeviceRow;

describe('live rows into the query cache', () => {
  afterEach(() => vi.useRealTimers());

  it('puts changed rows into every cached page, the counts and an open dashboard', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const query = { page: 1, pageSize: 10, sortBy: 'name', order: 'asc' } as const;
    client.setQueryData<InventoryListResponse>(inventoryKeys.list(query), {
      list: [row('a'), row('b')],
      totalNumber: 2,
      numOnline: 2,
      numOffline: 0,
      page: 1,
      pageSize: 10,
    });
    client.setQueryData(inventoryKeys.dashboard('b'), {
      device: row('b'),
      status: 'Runs Well',
      online: true,
    } as DeviceDashboard);
    const offline = row('b', { online: false, status: 'Offline' });

    applyRowsToCaches(client, { changed: [offline], removed: [], numOnline: 1, numOffline: 1 });

    const page = client.getQueryData<InventoryListResponse>(inventoryKeys.list(query))!;
    expect(page.list.map((r) => r.status)).toEqual(['Runs Well', 'Offline']);
    expect(client.getQueryData<DeviceCountsView>(inventoryKeys.counts)).toEqual({
      numOnline: 1,
      numOffline: 1,
    });
    expect(client.getQueryData<DeviceDashboard>(inventoryKeys.dashboard('b'))).toMatchObject({
      status: 'Offline',
      online: false,
    });
  });

  it('reads the group counts again, once, when devices change online state or group', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyRowsToCaches(client, { changed: [row('a')], removed: [] });
    applyRowsToCaches(client, { changed: [row('a', { online: false })], removed: [] });
    vi.advanceTimersByTime(5000);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inventoryKeys.groupPages });
    applyRowsToCaches(client, { changed: [row('a', { online: false })], removed: [] });
    vi.advanceTimersByTime(5000);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
