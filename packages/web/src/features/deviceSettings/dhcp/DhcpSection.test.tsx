import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SETTINGS_API_ROOT, SETTINGS_STATE_PATH, dhcpDefaults, type DhcpPool } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { sectionView, stateAnswer, writeAnswer } from '../../../test/settingsSection.ts';
import { DhcpSection } from './DhcpSection.tsx';

const LAN = dhcpDefaults.list[0]!;
const CAMERAS: DhcpPool = {
  ...LAN,
  vid: 10,
  description: 'cameras',
  gateway: '10.10.0.1',
  address_range_1: '10.10.0.50',
  address_range_2: '10.10.0.99',
  dns: '10.10.0.1',
  maximun_lease_time: 600,
};

function renderSection(vids: number[]) {
  const view = sectionView('dhcp', { desired: { list: [LAN, CAMERAS] } });
  const stub = stubFetch({
    [`GET ${SETTINGS_STATE_PATH}`]: () => stateAnswer(view),
    [`GET ${SETTINGS_API_ROOT}/dhcp/getVID`]: () => ({ body: { list: vids } }),
    [`DELETE ${SETTINGS_API_ROOT}/dhcp/removeDHCP`]: () => writeAnswer(view),
  });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<DhcpSection deviceId="dev-1" />);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe('DHCP server list', () => {
  it('lists a server per VLAN with its range, DNS and lease', async () => {
    renderSection([1, 10, 20]);
    const table = await screen.findByTestId('dhcp-table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('LAN (untagged)');
    expect(rows[1]).toHaveTextContent('192.168.1.100 to 192.168.1.249, netmask 255.255.255.0');
    expect(rows[1]).toHaveTextContent('12 hr');
    expect(rows[2]).toHaveTextContent('cameras');
    expect(rows[2]).toHaveTextContent('10 min');
  });

  it('offers only VLANs without a server, and no Add once every VLAN has one', async () => {
    renderSection([1, 10]);
    expect(await screen.findByTestId('dhcp-add')).toBeDisabled();
  });

  it('deletes a server only after confirmation, with the removeDHCP call', async () => {
    const stub = renderSection([1, 10, 20]);
    const table = await screen.findByTestId('dhcp-table');
    fireEvent.click(within(within(table).getAllByRole('row')[2]!).getByTestId('dhcp-pool-delete'));
    expect(await screen.findByText(/Delete the DHCP server "cameras"/)).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'DELETE')!.body).toEqual({ id: 'dev-1', vid: 10 });
  });
});
