import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type PermissionSet } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { accountInfo } from '../../test/accounts.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import NotifyModule from './NotifyModule.tsx';

const grant = { control: { enable: true }, isManagement: true };

function renderApp(permissions: PermissionSet) {
  const stub = stubFetch({
    'GET /api/v1/notify/contacts/list': () => ({ body: { list: [] } }),
    'GET /api/v1/notify/list': () => ({ body: { list: [] } }),
    'GET /api/v1/notify/deliveries': () => ({ body: { list: [] } }),
    'GET /api/v1/messages/rules/list': () => ({ body: { list: [] } }),
  });
  vi.stubGlobal('fetch', stub.fetch);
  const queryClient = createQueryClient();
  queryClient.setQueryData(accountInfoKey, accountInfo({}, permissions));
  renderWithProviders(<NotifyModule />, { queryClient });
  return stub;
}

describe('the Notification app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows only the pages the role enables', async () => {
    renderApp({ Notification: grant, ContactList: grant });
    expect(await screen.findByRole('tab', { name: 'Contact list' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Event rules' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Notify list' })).toBeNull();
  });

  it("asks for a Telegram contact's fields with the SPEC 5 words, and sends nothing invalid", async () => {
    const stub = renderApp({ Notification: grant, ContactList: grant });
    await userEvent.click(await screen.findByTestId('contact-new'));
    await userEvent.click(screen.getByTestId('contact-channel').querySelector('input')!);
    await userEvent.click(await screen.findByTitle('Telegram bot'));
    expect(await screen.findByLabelText('Token')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText(messages.notifyConfigNameEmpty)).toBeInTheDocument();
    expect(await screen.findByText(messages.notifyReceiverIdRequired)).toBeInTheDocument();
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(false));
  });
});
