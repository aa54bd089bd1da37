/**
 * The header's badge of unread critical messages over a live socket played by the test: it follows the
 * user's own key of the messages channel, counts what the console says, and puts each new critical message
 * (not a repeat counted up on one, not a lesser one) into the desktop's notification list.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { LIVE_CHANNELS, type AlertMessageView, type LiveMessages } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { FakeSocket } from '../../test/fakeSocket.ts';
import { accountInfo } from '../../test/accounts.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import { notificationStore } from '../../components/notifications/store.ts';
import { CriticalBadge } from './CriticalBadge.tsx';

const message = (over: Partial<AlertMessageView>): AlertMessageView => ({
  id: 1,
  ruleId: 3,
  ruleName: 'Gateway down',
  event: 'offline',
  severity: 'critical',
  deviceId: 'dev-1',
  deviceName: 'Branch gateway',
  jobId: null,
  detail: 'The device went offline.',
  count: 1,
  createdAt: 1_000,
  lastAt: 1_000,
  read: false,
  ...over,
});

afterEach(() => {
  notificationStore.clear();
  vi.unstubAllGlobals();
});

describe('the critical messages badge', () => {
  it('counts live and lists each new critical message once', async () => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const queryClient = createQueryClient();
    queryClient.setQueryData(accountInfoKey, accountInfo({ id: 42 }));
    renderWithProviders(<CriticalBadge />, { queryClient });
    const socket = FakeSocket.made[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ subscribe: { channel: LIVE_CHANNELS.messages, keys: ['42'] } }]);
    const push = (data: LiveMessages) => socket.push({ channel: LIVE_CHANNELS.messages, key: '42', data });
    const badge = () => screen.getByTestId('critical-badge').closest('.ant-badge')!;

    push({ unreadCritical: 0 });
    expect(badge().querySelector('.ant-badge-count')).toBeNull();
    push({ unreadCritical: 1, message: message({}) });
    expect(badge()).toHaveTextContent('1');
    expect(notificationStore.getSnapshot().entries.map((e) => [e.level, e.value])).toEqual([
      ['error', 'Device offline: Branch gateway — The device went offline.'],
    ]);
    // The same message counted up, and a warning: the count follows, the list does not grow.
    push({ unreadCritical: 1, message: message({ count: 2, lastAt: 2_000 }) });
    push({ unreadCritical: 1, message: message({ id: 2, severity: 'warning' }) });
    push({ unreadCritical: 2, message: message({ id: 3, deviceName: 'Depot', createdAt: 3_000 }) });
    expect(badge()).toHaveTextContent('2');
    expect(notificationStore.getSnapshot().entries).toHaveLength(2);
    // Read elsewhere: the count goes down.
    push({ unreadCritical: 0 });
    // (The count leaves with antd's zoom-out motion.)
    await waitFor(() => expect(badge().querySelector('.ant-badge-count')).toBeNull());
  });
});
