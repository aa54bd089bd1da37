import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { messages, type ClientsSection as Doc, type ConnectedClient } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { settingsRoute, stubSection } from '../../../test/settingsSection.ts';
import { inventoryKeys } from '../../inventory/api.ts';
import { ClientsSection } from './ClientsSection.tsx';

afterEach(() => vi.unstubAllGlobals());

const BLOCK = settingsRoute('POST', 'clients/block');
const UNBLOCK = settingsRoute('POST', 'clients/unblock');
const LAPTOP: ConnectedClient = {
  kind: 'wifi',
  hostname: 'laptop',
  ip: '192.168.1.20',
  mac: 'aa:bb:cc:dd:ee:01',
  access_time: 1_700_000_000_000,
};
const PRINTER: ConnectedClient = {
  ...LAPTOP,
  kind: 'wired',
  hostname: 'printer',
  ip: '192.168.1.30',
  mac: 'aa:bb:cc:dd:ee:02',
};

function renderClients(
  doc: Doc = { blacklist: [] },
  connected: () => ConnectedClient[] = () => [LAPTOP, PRINTER],
) {
  const stub = stubSection(
    'clients',
    doc,
    {
      [settingsRoute('GET', 'clients/list')]: () => ({
        body: { blacklist: doc.blacklist, connected: connected() },
      }),
    },
    [BLOCK, UNBLOCK],
  );
  const { queryClient } = renderWithProviders(<ClientsSection deviceId="dev1" />);
  return Object.assign(stub, { queryClient });
}

const posts = (stub: ReturnType<typeof renderClients>, path: string) =>
  stub.calls.filter((c) => c.method === 'POST' && c.url.endsWith(path)).map((c) => c.body);

describe('Clients', () => {
  it('reads the list again when the device report is pushed, with no timer', async () => {
    let connected = [LAPTOP];
    const stub = renderClients({ blacklist: [] }, () => connected);
    expect(await screen.findByText('laptop')).toBeInTheDocument();
    expect(screen.queryByText('printer')).toBeNull();
    connected = [LAPTOP, PRINTER];
    // What the live socket does when the device reports: the device's dashboard in the cache is replaced.
    await act(async () => {
      stub.queryClient.setQueryData(inventoryKeys.dashboard('dev1'), { pushed: Date.now() });
    });
    expect(await screen.findByText('printer')).toBeInTheDocument();
  });

  it('refuses a badly formed MAC with the protocol message and writes nothing', async () => {
    const stub = renderClients();
    fireEvent.change(await screen.findByTestId('clients-block-mac'), { target: { value: '1a:2b:3c:4d:5e' } });
    fireEvent.click(screen.getByTestId('clients-block-submit'));
    expect(await screen.findByText(messages.macFormat)).toBeInTheDocument();
    expect(posts(stub, 'clients/block')).toEqual([]);
  });

  it('blocks a typed MAC after a confirmation naming it', async () => {
    const stub = renderClients();
    fireEvent.change(await screen.findByTestId('clients-block-mac'), {
      target: { value: '1a:2b:3c:4d:5e:6f' },
    });
    fireEvent.click(screen.getByTestId('clients-block-submit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Block 1a:2b:3c:4d:5e:6f?');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await vi.waitFor(() =>
      expect(posts(stub, 'clients/block')).toEqual([{ id: 'dev1', mac: '1a:2b:3c:4d:5e:6f', name: '' }]),
    );
  });

  it('unblocks a blacklisted MAC only when the confirmation is accepted', async () => {
    const stub = renderClients({ blacklist: [{ mac: '1a:2b:3c:4d:5e:6f', name: 'old' }] });
    fireEvent.click(await screen.findByTestId('clients-unblock-1a:2b:3c:4d:5e:6f'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-cancel'));
    expect(posts(stub, 'clients/unblock')).toEqual([]);
    fireEvent.click(screen.getByTestId('clients-unblock-1a:2b:3c:4d:5e:6f'));
    const dialogs = await screen.findAllByRole('dialog');
    fireEvent.click(within(dialogs.at(-1)!).getByTestId('confirm-ok'));
    await vi.waitFor(() =>
      expect(posts(stub, 'clients/unblock')).toEqual([{ id: 'dev1', mac: '1a:2b:3c:4d:5e:6f' }]),
    );
  });

  it('lists connected clients, searchable by name or IP, and blocks one with its host name', async () => {
    const stub = renderClients();
    const table = await screen.findByTestId('clients-connected');
    expect(await within(table).findByText('laptop')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search by name or IP'), {
      target: { value: '192.168.1.30' },
    });
    expect(within(table).queryByText('laptop')).toBeNull();
    expect(within(table).getByText('printer')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId(`clients-block-${PRINTER.mac}`));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-ok'));
    await vi.waitFor(() =>
      expect(posts(stub, 'clients/block')).toEqual([{ id: 'dev1', mac: PRINTER.mac, name: 'printer' }]),
    );
  });
});
