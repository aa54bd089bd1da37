import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_CHANNELS, type SdwanTopology } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { accountInfo } from '../../test/accounts.ts';
import { FakeSocket } from '../../test/fakeSocket.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { accountInfoKey } from '../account/api.ts';
import SdwanModule from './SdwanModule.tsx';

const node = (deviceId: string, siteId: number, online = true) => ({
  deviceId,
  deviceName: `Router ${deviceId}`,
  online,
  siteId,
  relay: false,
  endpoint: '',
  listenPort: 51820,
  onBoot: true,
  publicKey: null,
  tunnelIp: null,
  addresses: [],
  role: 'active' as const,
  inSync: true,
  overlayAllowed: true,
  neighbours: [],
});

const topology = (state: 'active' | 'fail', latencyMs: number | null, online = true): SdwanTopology => ({
  sites: [
    { id: 1, name: 'HQ', lans: ['192.168.10.0/24'], exitNodeId: null, createdAt: 1 },
    { id: 2, name: 'Branch', lans: ['192.168.20.0/24'], exitNodeId: null, createdAt: 2 },
  ],
  nodes: [node('d1', 1, online), node('d2', 2)],
  links: [
    {
      id: 7,
      siteA: 1,
      siteB: 2,
      mode: 'direct',
      relayId: null,
      rateLimitMbps: null,
      rules: [],
      state,
      path: state === 'fail' ? 'none' : 'direct',
      latencyMs,
      throughputBps: latencyMs ?? 0,
      endpoint: state === 'fail' ? null : '198.51.100.2:51820',
      updatedAt: 1,
    },
  ],
  subnets: [],
});

afterEach(() => vi.unstubAllGlobals());

describe('the OrpheLink page under live topology pushes', () => {
  it('keeps an open dialog and its open list as they are while pushes arrive', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/v1/sdwan/topology': () => ({ body: topology('active', 3) }) }).fetch,
    );
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const queryClient = createQueryClient();
    queryClient.setQueryData(accountInfoKey, accountInfo());
    renderWithProviders(<SdwanModule />, { queryClient });
    expect(await screen.findByTestId('sdwan-link-7')).toHaveAttribute('data-state', 'active');
    const socket = FakeSocket.made[0]!;
    socket.open();

    await userEvent.click(screen.getByRole('tab', { name: 'Links' }));
    await userEvent.click(screen.getByTestId('sdwan-add-link'));
    const dialog = await screen.findByRole('dialog');
    const rate = within(dialog).getByRole('spinbutton');
    await userEvent.type(rate, '42');
    // Site A's list open, its options drawn.
    fireEvent.mouseDown(within(screen.getByTestId('sdwan-link-a')).getByRole('combobox'));
    const option = await screen.findByTitle('Branch');
    const list = option.closest('.ant-select-dropdown')!;

    // A link's state and a node's presence change, over and over: what the topology pushes all the time.
    for (const [state, latency, online] of [
      ['fail', null, false],
      ['active', 5, true],
      ['active', 9, true],
    ] as const) {
      socket.push({ channel: LIVE_CHANNELS.sdwan, key: '', data: topology(state, latency, online) });
      await vi.waitFor(() => expect(screen.getByTestId('sdwan-link-7')).toHaveAttribute('data-state', state));
    }
    // The same fields, not new ones: the typed value is there, the list is the one opened and still open.
    expect(rate.isConnected).toBe(true);
    expect(rate).toHaveValue('42');
    expect(option.isConnected).toBe(true);
    expect(list.classList.contains('ant-select-dropdown-hidden')).toBe(false);
    await userEvent.click(option);
    expect(within(screen.getByTestId('sdwan-link-a')).getByTitle('Branch')).toBeInTheDocument();
    // The whole page with its map drawn several times over: slow on a loaded machine.
  }, 90_000);

  it("names the console host's relay in the reader's language, offers no edit for it, and shows a relayed link's address", async () => {
    const relayed = topology('active', 4);
    relayed.nodes.push({ ...node('console', 0), siteId: null, relay: true, deviceName: 'console' });
    relayed.links[0] = {
      ...relayed.links[0]!,
      relayId: 'console',
      path: 'relay',
      endpoint: '203.0.113.9:51820',
    };
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/v1/sdwan/topology': () => ({ body: relayed }) }).fetch);
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const queryClient = createQueryClient();
    queryClient.setQueryData(accountInfoKey, accountInfo());
    renderWithProviders(<SdwanModule />, { queryClient });
    const shown = await screen.findByTestId('sdwan-link-7');
    expect(shown).toHaveAttribute('data-path', 'relay');
    expect(shown).toHaveTextContent('203.0.113.9:51820');
    await userEvent.click(screen.getByRole('tab', { name: 'Nodes' }));
    // Named in the reader's language, with no edit or delete (it is set on the console's host).
    const row = (await screen.findByText('Console host', { selector: 'td' })).closest('tr')!;
    expect(row.querySelector('button')).toBeNull();
    expect(
      (await screen.findByText('Router d1', { selector: 'td' })).closest('tr')!.querySelector('button'),
    ).not.toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Links' }));
    const linkRow = (await screen.findByText('203.0.113.9:51820', { selector: 'td' })).closest('tr')!;
    expect(within(linkRow).getByText('Console host')).toBeInTheDocument();
  }, 90_000);
});
