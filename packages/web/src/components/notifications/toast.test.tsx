import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { notificationStore } from './store.ts';
import { startProgress, toast } from './toast.ts';

describe('toast and notification list', () => {
  beforeEach(() => notificationStore.clear());

  it('shows a toast at the bottom right and keeps it in the list behind the bell', async () => {
    renderWithProviders(<NotificationBell />);
    toast.error('Incorrect user account or password.');
    toast.success('Login successfully.');
    const notice = await screen.findByText('Login successfully.');
    expect(notice.closest('.ant-notification-bottomRight')).not.toBeNull();

    await userEvent.click(screen.getByTestId('notifications'));
    const list = await screen.findByTestId('notification-list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-level'))).toEqual(['check', 'error']);
    expect(within(list).getByText('Incorrect user account or password.')).toBeInTheDocument();
    expect(notificationStore.getSnapshot().unread).toBe(0);
  });

  it('shows a progress bar for a running job until it completes', async () => {
    renderWithProviders(<NotificationBell />);
    const job = startProgress('upload', 'firmware.bin');
    job.update(30);
    await userEvent.click(screen.getByTestId('notifications'));
    const list = await screen.findByTestId('notification-list');
    expect(within(list).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    job.update(100);
    await waitFor(() => expect(within(list).queryByRole('progressbar')).toBeNull());
  });
});
