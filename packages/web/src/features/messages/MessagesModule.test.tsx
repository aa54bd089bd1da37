import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fullPermissionSet, type AlertMessageView } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { accountInfo } from '../../test/accounts.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import MessagesModule from './MessagesModule.tsx';

const message: AlertMessageView = {
  id: 4,
  ruleId: 1,
  ruleName: 'Gateway down',
  event: 'offline',
  severity: 'critical',
  deviceId: 'dev-1',
  deviceName: 'gw-lobby',
  jobId: null,
  detail: 'The device went offline.',
  count: 3,
  createdAt: Date.UTC(2026, 10, 26, 8, 0),
  lastAt: Date.UTC(2026, 10, 26, 8, 5),
  read: false,
};

function renderPage() {
  let read = false;
  const stub = stubFetch({
    'GET /api/v1/messages/list': () => ({
      body: { list: [{ ...message, read }], total: 1, unreadCritical: read ? 0 : 1 },
    }),
    'POST /api/v1/messages/read': (body) => {
      read = (body as { read: boolean }).read;
      return { body: { message: 'Saved successfully.' } };
    },
    'POST /api/v1/todo/add': (body) => ({
      body: { id: 1, ...(body as object), tasks: [], completed: false },
    }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountInfoKey, accountInfo({}, fullPermissionSet()));
  renderWithProviders(<MessagesModule />, { queryClient });
  return stub;
}

describe('the Messages app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens a message (marking it read), links its device and assigns it to To-do', async () => {
    const stub = renderPage();
    const table = await screen.findByTestId('messages-table');
    expect(await within(table).findByText('×3')).toBeInTheDocument();
    await userEvent.click(within(table).getByText('Gateway down'));
    const details = await screen.findByTestId('message-details');
    expect(within(details).getByText('The device went offline.')).toBeInTheDocument();
    expect(screen.getByTestId('message-device').getAttribute('href')).toBe('/desk/inventory/devices/dev-1');
    await waitFor(() =>
      expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [4], read: true }),
    );

    await userEvent.click(screen.getByTestId('message-assign'));
    await userEvent.click(await screen.findByTestId('assign-save'));
    await waitFor(() =>
      expect(stub.calls.find((c) => c.url.endsWith('/todo/add'))?.body).toMatchObject({
        title: 'Gateway down: gw-lobby',
        messageId: 4,
      }),
    );
  });

  it('searches by keyword', async () => {
    const stub = renderPage();
    const box = within(await screen.findByTestId('messages-search')).getByRole('searchbox');
    await userEvent.type(box, 'lobby{Enter}');
    await waitFor(() => expect(stub.calls.some((c) => c.url.includes('key=lobby'))).toBe(true));
  });
});
