import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { DeviceCountsView, DeviceDashboard, DeviceRow, InventoryListResponse } from '@edge/protocol';
import { handleLiveMessage } from './useLiveInventory.ts';

const row = (id: string, patch: Partial<DeviceRow> = {}) =>
  ({ id, name: id, sn: id, status: 'Runs Well', online: true, groupId: null, ...patch }) as DeviceRow;

describe('live messages into the query cache', () => {
  afterEach(() => vi.useRealTimers());

  it('merges a devices batch into every cached page, the counts and an open dashboard', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const query = { page: 1, pageSize: 10, sortBy: 'name', order: 'asc' };
    client.setQueryData<InventoryListResponse>(['inventory', 'list', query], {
      list: [row('a'), row('b')],
      totalNumber: 2,
      numOnline: 2,
      numOffline: 0,
      page: 1,
      pageSize: 10,
    });
    client.setQueryData(['inventory', 'dashboard', 'b'], { device: row('b'), status: 'Runs Well', online: true } as DeviceDashboard);
    const offline = row('b', { online: false, status: 'Offline' });

    handleLiveMessage(client, { type: 'devices', changed: [offline], removed: [], numOnline: 1, numOffline: 1, at: 1 }, 1);

    const page = client.getQueryData<InventoryListResponse>(['inventory', 'list', query])!;
    expect(page.list.map((r) => r.status)).toEqual(['Runs Well', 'Offline']);
    expect(page).toMatchObject({ numOnline: 1, numOffline: 1, totalNumber: 2 });
    expect(client.getQueryData<DeviceCountsView>(['inventory', 'counts'])).toEqual({ numOnline: 1, numOffline: 1 });
    expect(client.getQueryData<DeviceDashboard>(['inventory', 'dashboard', 'b'])).toMatchObject({ status: 'Offline', online: false });
  });

  it('reads Discovery again when it changes, and everything after a reconnect', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    handleLiveMessage(client, { type: 'discovery', waiting: 1 }, 1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['provision', 'discovery'] });
    invalidate.mockClear();
    handleLiveMessage(client, { type: 'hello', numOnline: 3, numOffline: 1, at: 1 }, 1);
    expect(invalidate).not.toHaveBeenCalled();
    handleLiveMessage(client, { type: 'hello', numOnline: 3, numOffline: 1, at: 2 }, 2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['inventory'] });
    expect(client.getQueryData(['inventory', 'counts'])).toEqual({ numOnline: 3, numOffline: 1 });
  });
});
