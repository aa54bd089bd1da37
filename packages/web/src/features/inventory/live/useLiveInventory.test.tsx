/** The inventory's live hooks over a socket played by the test: what they subscribe to, and what a push does. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CHANNELS, listChannelKey, type DeviceRow, type InventoryListResponse } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import type { DeviceListQuery } from '../api.ts';
import { useLiveList } from './useLiveInventory.ts';
import { FakeSocket } from '../../../test/fakeSocket.ts';

const query: DeviceListQuery = { page: 1, pageSize: 10, sortBy: 'name', order: 'desc', online: true };
const row = (id: string) => ({ id, name: id, online: true }) as DeviceRow;
const pageOf = (ids: string[]): InventoryListResponse => ({
  list: ids.map(row),
  totalNumber: ids.length,
  numOnline: ids.length,
  numOffline: 0,
  page: 1,
  pageSize: 10,
});

function List() {
  useLiveList(query);
  return null;
}

describe('useLiveList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('subscribes to the rows and to the page of its query; a pushed page replaces the cached one', async () => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const { queryClient, unmount } = renderWithProviders(<List />);
    queryClient.setQueryData(['inventory', 'list', query], pageOf(['c', 'b']));
    const socket = FakeSocket.made[0]!;
    socket.open();
    const key = listChannelKey({ ...query });
    expect(key).toBe('online=true&order=desc&page=1&pageSize=10&sortBy=name');
    expect(socket.sent).toEqual([
      { subscribe: { channel: LIVE_CHANNELS.devices, keys: [''] } },
      { subscribe: { channel: LIVE_CHANNELS.list, keys: [key] } },
    ]);

    socket.push({ channel: LIVE_CHANNELS.list, key, data: pageOf(['d', 'c']) });
    expect(
      queryClient.getQueryData<InventoryListResponse>(['inventory', 'list', query])?.list.map((r) => r.id),
    ).toEqual(['d', 'c']);
    // Another query's page is not this one's.
    socket.push({ channel: LIVE_CHANNELS.list, key: 'page=2', data: pageOf(['x']) });
    expect(queryClient.getQueryData<InventoryListResponse>(['inventory', 'list', query])?.list).toHaveLength(
      2,
    );

    // After a drop, the inventory on screen is read again.
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    socket.drop();
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2), { timeout: 3000 });
    FakeSocket.made[1]!.open();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['inventory'] });
    unmount();
    expect(FakeSocket.made[1]!.readyState).toBe(3);
  });
});
