import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages, type DhcpPool } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { DhcpPoolForm } from './DhcpPoolForm.tsx';

const LAN: DhcpPool = {
  vid: 1,
  description: 'LAN',
  gateway: '192.168.1.1',
  netmask: '255.255.255.0',
  address_range_1: '192.168.1.100',
  address_range_2: '192.168.1.249',
  dns: '192.168.1.1',
  maximun_lease_time: 43200,
};

function open(initial: DhcpPool | null, others: DhcpPool[] = []) {
  const onSave = vi.fn();
  renderWithProviders(
    <DhcpPoolForm initial={initial} vids={[10]} others={others} onSave={onSave} onCancel={() => undefined} />,
  );
  return onSave;
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

function fillNewPool(gateway: string) {
  type('dhcp-description', 'cameras');
  type('dhcp-gateway', gateway);
  type('dhcp-range-start', '192.168.10.100');
  type('dhcp-range-end', '192.168.10.200');
  type('dhcp-dns', '192.168.10.1');
}

describe('DHCP server form', () => {
  it("shows 'DHCP contains invalid IP.' for a malformed gateway and does not save", async () => {
    const onSave = open(null);
    fillNewPool('192.168.10.300');
    fireEvent.click(screen.getByTestId('dhcp-pool-save'));
    expect(await screen.findByText(messages.dhcpInvalidIp)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a lease shorter than 60 seconds', async () => {
    const onSave = open({ ...LAN, maximun_lease_time: 30 });
    fireEvent.click(screen.getByTestId('dhcp-pool-save'));
    expect(await screen.findByText(messages.dhcpLeaseMin)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a range outside the gateway subnet', async () => {
    open(null);
    fillNewPool('192.168.20.1');
    fireEvent.click(screen.getByTestId('dhcp-pool-save'));
    expect(await screen.findByText(messages.dhcpRangeSubnet)).toBeInTheDocument();
  });

  it("refuses a subnet that overlaps another VLAN's server", async () => {
    open(null, [{ ...LAN, gateway: '192.168.10.1', netmask: '255.255.0.0' }]);
    fillNewPool('192.168.10.1');
    fireEvent.click(screen.getByTestId('dhcp-pool-save'));
    expect(await screen.findByText(messages.ipConflict)).toBeInTheDocument();
  });

  it('saves a valid pool with the lease in seconds', async () => {
    const onSave = open(null);
    fillNewPool('192.168.10.1');
    fireEvent.click(screen.getByTestId('dhcp-pool-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({
      vid: 10,
      description: 'cameras',
      gateway: '192.168.10.1',
      netmask: '255.255.255.0',
      address_range_1: '192.168.10.100',
      address_range_2: '192.168.10.200',
      dns: '192.168.10.1',
      maximun_lease_time: 43200,
    });
  });

  it("always hints that the browser's IP follows the gateway, and warns once it changes", async () => {
    open(LAN);
    expect(screen.getByTestId('dhcp-gateway-hint')).toHaveTextContent(/this browser's included/);
    expect(screen.queryByTestId('dhcp-gateway-changed')).toBeNull();
    type('dhcp-gateway', '192.168.5.1');
    expect(await screen.findByTestId('dhcp-gateway-changed')).toHaveTextContent('192.168.1.1 to 192.168.5.1');
  });
});
