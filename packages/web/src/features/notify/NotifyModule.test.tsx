import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type PermissionSet } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { accountInfo } from '../../test/accounts.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import NotifyModule from './NotifyModule.tsx';

const grant = { control: { enable: true }, isManagement: true };
const delivery = (id: number, configName: string, escalated: boolean) => ({
  id,
  messageId: 41,
  contactId: id,
  configName,
  channel: 'webhook',
  state: 'delivered',
  attempts: 1,
  nextAt: null,
  lastStatus: 200,
  lastAnswer: 'ok',
  createdAt: 0,
  deliveredAt: 0,
  escalated,
});
const unreached = {
  ...delivery(3, 'Night desk', false),
  state: 'pending',
  attempts: 2,
  lastStatus: 0,
  lastAnswer: 'fetch failed: connect ECONNREFUSED 127.0.0.1:8443',
};
const deliveries = [delivery(1, 'First line', false), delivery(2, 'Duty manager', true), unreached];

function renderApp(permissions: PermissionSet) {
  const stub = stubFetch({
    'GET /api/v1/notify/contacts/list': () => ({
      body: {
        list: [
          {
            id: 7,
            channel: 'webhook',
            configName: 'On call',
            settings: { url: 'https://hooks.acme.com/x', quietFrom: '21:30', quietTo: '06:00' },
            secrets: [],
            pausedUntil: null,
            createdAt: 0,
          },
          {
            id: 9,
            channel: 'wecom',
            configName: 'Duty (WeChat)',
            settings: { baseUrl: '', appId: 'ww0123', agentId: 1000002, receivers: ['zhangsan'] },
            secrets: ['appSecret', 'token', 'aesKey'],
            pausedUntil: null,
            createdAt: 0,
          },
        ],
      },
    }),
    'PATCH /api/v1/notify/contacts/edit': () => ({
      body: {
        id: 9,
        channel: 'wecom',
        configName: 'Duty (WeChat)',
        settings: {},
        secrets: ['appSecret', 'token', 'aesKey'],
        pausedUntil: null,
        createdAt: 0,
      },
    }),
    'GET /api/v1/notify/list': () => ({ body: { list: [] } }),
    'GET /api/v1/notify/deliveries': () => ({ body: { list: deliveries } }),
    'POST /api/v1/notify/contacts/add': () => ({
      body: {
        id: 8,
        channel: 'webhook',
        configName: 'Night desk',
        settings: {},
        secrets: ['secret'],
        pausedUntil: null,
        createdAt: 0,
      },
    }),
    'GET /api/v1/messages/rules/list': () => ({ body: { list: [] } }),
    'GET /api/v1/mission/profile/list': () => ({
      body: { list: [{ id: 4, name: 'Branch firewall', kind: 'firewall' }] },
    }),
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

  it('asks for the escalation contact once escalation minutes are set, and quiet hours as HH:MM', async () => {
    const stub = renderApp({ Notification: grant, EventRule: grant });
    await userEvent.click(await screen.findByTestId('rule-new'));
    await userEvent.type(screen.getByLabelText('Rule name'), 'Down');
    await userEvent.type(screen.getByLabelText('Description'), 'Devices down');
    await userEvent.type(screen.getByLabelText('From'), '22:00');
    await userEvent.type(screen.getByLabelText('Escalate after (minutes)'), '15');
    expect(await screen.findByTestId('rule-escalate-contact')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('rule-save'));
    expect(await screen.findByText(messages.notifyQuietHoursInvalid)).toBeInTheDocument();
    expect(await screen.findByText(messages.notifyEscalateContactRequired)).toBeInTheDocument();
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(false));
  });

  it('asks for the controller and a profile once the rule watches their events, not for devices', async () => {
    const stub = renderApp({ Notification: grant, EventRule: grant });
    await userEvent.click(await screen.findByTestId('rule-new'));
    expect(screen.getByLabelText('Every device')).toBeInTheDocument();
    expect(screen.queryByTestId('rule-controller')).toBeNull();
    expect(screen.queryByTestId('rule-profiles')).toBeNull();
    await userEvent.type(screen.getByLabelText('Rule name'), 'Rollouts');
    await userEvent.type(screen.getByLabelText('Description'), 'Profile rollouts');
    await userEvent.click(screen.getByTestId('rule-events').querySelector('input')!);
    await userEvent.click(await screen.findByTitle('Job failed'));
    await userEvent.click(await screen.findByTitle('Profile rollout failed'));
    expect(await screen.findByTestId('rule-controller')).toBeInTheDocument();
    expect(await screen.findByTestId('rule-profiles')).toBeInTheDocument();
    expect(screen.queryByLabelText('Every device')).toBeNull();
    await userEvent.click(screen.getByTestId('rule-save'));
    expect(await screen.findByText(messages.notifyControllerRequired)).toBeInTheDocument();
    expect(await screen.findByText(messages.notifyProfileRequired)).toBeInTheDocument();
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(false));
  });

  it('marks the deliveries escalation queued in the delivery log', async () => {
    renderApp({ Notification: grant, NotifyList: grant });
    const table = await screen.findByTestId('deliveries-table');
    const row = await within(table).findByText('Duty manager');
    expect(within(row.closest('tr')!).getByTestId('delivery-escalated')).toHaveTextContent('Escalated');
    const first = within(table).getByText('First line').closest('tr')!;
    expect(within(first).queryByTestId('delivery-escalated')).toBeNull();
  });

  it("lists each contact's own quiet hours", async () => {
    renderApp({ Notification: grant, ContactList: grant });
    const row = (await screen.findByText('On call')).closest('tr')!;
    expect(row).toHaveTextContent('21:30–06:00');
  });

  it('gives a provider answer with its status, and only the reason when no answer came', async () => {
    renderApp({ Notification: grant, NotifyList: grant });
    const table = await screen.findByTestId('deliveries-table');
    const answered = (await within(table).findByText('First line')).closest('tr')!;
    expect(answered).toHaveTextContent('200 ok');
    const unanswered = within(table).getByText('Night desk').closest('tr')!;
    expect(within(unanswered).getByText('fetch failed: connect ECONNREFUSED 127.0.0.1:8443').tagName).toBe(
      'BDI',
    );
  });

  it("asks for a contact's own quiet hours as HH:MM, both ends or neither, and sends them", async () => {
    const stub = renderApp({ Notification: grant, ContactList: grant });
    await userEvent.click(await screen.findByTestId('contact-new'));
    await userEvent.click(screen.getByTestId('contact-channel').querySelector('input')!);
    await userEvent.click(await screen.findByTitle('Webhook'));
    await userEvent.type(screen.getByLabelText('Config name'), 'Night desk');
    await userEvent.type(await screen.findByLabelText('URL'), 'https://hooks.acme.com/night');
    await userEvent.type(screen.getByLabelText('Signing secret'), 'hook-secret');
    await userEvent.type(screen.getByLabelText('From'), '22:00');
    await userEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText(messages.notifyQuietHoursInvalid)).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByLabelText('To'), '07:00');
    await userEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      channel: 'webhook',
      configName: 'Night desk',
      quietFrom: '22:00',
      quietTo: '07:00',
    });
  });

  /** Opens the new contact dialog on the WeChat Work app channel. */
  async function newWecomContact() {
    await userEvent.click(await screen.findByTestId('contact-new'));
    await userEvent.click(screen.getByTestId('contact-channel').querySelector('input')!);
    await userEvent.click(await screen.findByTitle('WeChat Work app'));
    await screen.findByLabelText('AES key (EncodingAESKey)');
  }
  /** Fills a field at once (typing 43 characters one by one is slow on a loaded machine). */
  const fill = async (label: string, value: string) => {
    await userEvent.click(screen.getByLabelText(label));
    await userEvent.paste(value);
  };

  it("asks for a WeChat Work app's fields with the SPEC 5 words, and sends nothing invalid", async () => {
    const stub = renderApp({ Notification: grant, ContactList: grant });
    await newWecomContact();
    for (const label of ['App ID (corp ID)', 'Agent ID', 'App secret', 'Receivers', 'Token'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByTestId('contact-wecom-callback')).toHaveTextContent(
      'Once the contact is saved, the receive-messages URL',
    );
    await userEvent.click(screen.getByTestId('contact-save'));
    for (const code of [
      'notifyConfigNameEmpty',
      'notifyAppIdEmpty',
      'notifyAgentIdInvalid',
      'notifyAppSecretEmpty',
      'notifyReceiverIdRequired',
      'notifyTokenEmpty',
      'notifyAesKeyEmpty',
    ] as const)
      expect(await screen.findByText(messages[code])).toBeInTheDocument();
    await fill('AES key (EncodingAESKey)', 'short=');
    expect(await screen.findByText(messages.notifyAesKeyFormat)).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends a WeChat Work app contact once its fields pass', async () => {
    const stub = renderApp({ Notification: grant, ContactList: grant });
    await newWecomContact();
    const aesKey = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456';
    await fill('Config name', 'Duty (WeChat)');
    await fill('App ID (corp ID)', 'ww0123');
    await fill('Agent ID', '1000002');
    await fill('App secret', 'app-secret');
    await userEvent.type(screen.getByLabelText('Receivers'), 'zhangsan{enter}');
    await fill('Token', 'callbackToken');
    await fill('AES key (EncodingAESKey)', aesKey);
    await userEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toEqual({
      channel: 'wecom',
      configName: 'Duty (WeChat)',
      appId: 'ww0123',
      agentId: 1000002,
      appSecret: 'app-secret',
      receivers: ['zhangsan'],
      token: 'callbackToken',
      aesKey,
      quietFrom: '',
      quietTo: '',
    });
  });

  it("shows a saved WeChat Work app's callback URL and keeps its stored secrets when left empty", async () => {
    const stub = renderApp({ Notification: grant, ContactList: grant });
    await userEvent.click(await screen.findByTestId('contact-9-edit'));
    expect(await screen.findByTestId('contact-wecom-callback')).toHaveTextContent(
      `${window.location.origin}/api/v1/notify/wecom/9/callback`,
    );
    await userEvent.click(screen.getByTestId('contact-save'));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const sent = stub.calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 9, channel: 'wecom', appId: 'ww0123', agentId: 1000002 });
    for (const secret of ['appSecret', 'token', 'aesKey']) expect(sent).not.toHaveProperty(secret);
  });
});
