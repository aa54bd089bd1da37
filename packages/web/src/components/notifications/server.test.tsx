/** The bell's list kept on the console, followed over the live socket (played by the test). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LIVE_CHANNELS, NOTIFICATIONS_PATH, type NotificationListResponse } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { FakeSocket } from '../../test/fakeSocket.ts';
import { notificationStore } from './store.ts';
import { NotificationBell } from './NotificationBell.tsx';

const kept = {
  id: 'kept1',
  level: 'check',
  type: 'toast',
  value: 'Saved on another tab',
  progress: 100,
  date: 5,
} as const;
const USER = 7;

function live(stub: ReturnType<typeof stubFetch>) {
  vi.stubGlobal('fetch', stub.fetch);
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  const view = renderWithProviders(<NotificationBell userId={USER} />);
  const socket = FakeSocket.made[0]!;
  socket.open();
  const push = (data: NotificationListResponse) =>
    socket.push({ channel: LIVE_CHANNELS.notifications, key: String(USER), data });
  return { socket, push, ...view };
}

afterEach(() => {
  notificationStore.bind(null);
  notificationStore.clear();
  vi.unstubAllGlobals();
});

describe('notification list kept on the console', () => {
  it("follows the user's kept list live: the pushed list, then each change another tab made", async () => {
    const stub = stubFetch({
      [`POST ${NOTIFICATIONS_PATH}`]: (body) => ({ body: { ...(body as object), read: false } }),
    });
    const { socket, push } = live(stub);
    // The user's own key, and nothing read by polling.
    expect(socket.sent).toEqual([{ subscribe: { channel: LIVE_CHANNELS.notifications, keys: ['7'] } }]);

    push({
      list: [
        { ...kept, read: false },
        { ...kept, id: 'old', date: 1, read: true },
      ],
      unread: 1,
    });
    expect(notificationStore.getSnapshot().entries.map((e) => e.id)).toEqual(['kept1', 'old']);
    expect(notificationStore.getSnapshot().unread).toBe(1);
    expect(within(screen.getByTestId('notifications').closest('.ant-badge')!).getByText('1')).toBeTruthy();

    // Another tab added an entry and moved its progress: the push shows it here at once.
    push({
      list: [
        {
          ...kept,
          id: 'job',
          level: 'info',
          type: 'job',
          value: 'Upgrading',
          progress: 40,
          date: 9,
          read: false,
        },
        { ...kept, read: false },
        { ...kept, id: 'old', date: 1, read: true },
      ],
      unread: 2,
    });
    expect(notificationStore.getSnapshot().entries.map((e) => [e.id, e.progress])).toEqual([
      ['job', 40],
      ['kept1', 100],
      ['old', 100],
    ]);
    expect(notificationStore.getSnapshot().unread).toBe(2);

    // This tab's own entry goes to the console; a push that does not have it yet keeps it.
    const added = notificationStore.add({ level: 'info', type: 'toast', value: 'Here', date: 10 });
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ id: added.id, value: 'Here' });
    push({ list: [{ ...kept, read: false }], unread: 1 });
    expect(notificationStore.getSnapshot().entries.map((e) => e.id)).toEqual([added.id, 'kept1']);

    // Read on another tab: the count goes to none here too.
    push({
      list: [
        { ...kept, id: added.id, value: 'Here', date: 10, read: true },
        { ...kept, read: true },
      ],
      unread: 0,
    });
    expect(notificationStore.getSnapshot().unread).toBe(0);
    expect(stub.calls.filter((c) => c.method === 'GET')).toEqual([]);
  });

  it('subscribes again after a dropped socket; the first push then is the list as it is', async () => {
    const { socket } = live(stubFetch({}));
    socket.drop();
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2), { timeout: 3000 });
    const again = FakeSocket.made[1]!;
    again.open();
    expect(again.sent).toEqual([{ subscribe: { channel: LIVE_CHANNELS.notifications, keys: ['7'] } }]);
    again.push({
      channel: LIVE_CHANNELS.notifications,
      key: '7',
      data: { list: [{ ...kept, read: false }], unread: 1 },
    });
    expect(notificationStore.getSnapshot().entries.map((e) => e.id)).toEqual(['kept1']);
  });

  it('marks the list read on the console too', async () => {
    const stub = stubFetch({
      [`POST ${NOTIFICATIONS_PATH}`]: (body) => ({ body: { ...(body as object), read: false } }),
      [`POST ${NOTIFICATIONS_PATH}/read`]: () => ({ body: { message: 'ok' } }),
    });
    live(stub);
    notificationStore.add({ level: 'info', type: 'toast', value: 'x' });
    notificationStore.markAllRead();
    await waitFor(() => expect(stub.calls.some((c) => c.url.endsWith('/read'))).toBe(true));
  });
});
