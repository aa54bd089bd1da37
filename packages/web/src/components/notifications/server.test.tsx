import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { NOTIFICATIONS_PATH } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { notificationStore } from './store.ts';
import { NotificationBell } from './NotificationBell.tsx';

const kept = {
  id: 'kept1',
  level: 'check',
  type: 'toast',
  value: 'Saved on another tab',
  progress: 100,
  date: 5,
};

afterEach(() => {
  notificationStore.bind(null);
  notificationStore.clear();
  vi.unstubAllGlobals();
});

describe('notification list kept on the console', () => {
  it('shows the list the console keeps (read and unread) after a reload, and sends new entries to it', async () => {
    const stub = stubFetch({
      [`GET ${NOTIFICATIONS_PATH}`]: () => ({
        body: {
          list: [
            { ...kept, read: false },
            { ...kept, id: 'old', date: 1, read: true },
          ],
          unread: 1,
        },
      }),
      [`POST ${NOTIFICATIONS_PATH}`]: (body) => ({ body: { ...(body as object), read: false } }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<NotificationBell />);
    await waitFor(() =>
      expect(notificationStore.getSnapshot().entries.map((e) => e.id)).toEqual(['kept1', 'old']),
    );
    expect(notificationStore.getSnapshot().unread).toBe(1);

    const added = notificationStore.add({ level: 'info', type: 'toast', value: 'Here', date: 10 });
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ id: added.id, value: 'Here' });
    // A read-back that does not have it yet keeps it.
    notificationStore.replace([{ ...kept, level: 'check', read: false }]);
    expect(notificationStore.getSnapshot().entries.map((e) => e.id)).toEqual([added.id, 'kept1']);
    expect(notificationStore.getSnapshot().unread).toBe(2);
  });

  it('marks the list read on the console too', async () => {
    const stub = stubFetch({
      [`GET ${NOTIFICATIONS_PATH}`]: () => ({ body: { list: [], unread: 0 } }),
      [`POST ${NOTIFICATIONS_PATH}`]: (body) => ({ body: { ...(body as object), read: false } }),
      [`POST ${NOTIFICATIONS_PATH}/read`]: () => ({ body: { message: 'ok' } }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(stub.calls.length).toBeGreaterThan(0));
    notificationStore.add({ level: 'info', type: 'toast', value: 'x' });
    notificationStore.markAllRead();
    await waitFor(() => expect(stub.calls.some((c) => c.url.endsWith('/read'))).toBe(true));
  });
});
