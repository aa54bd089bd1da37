import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { VlanPortForm } from './VlanPortForm.tsx';

const VLANS = [
  { vid: 10, description: 'cameras' },
  { vid: 20, description: 'guests' },
  { vid: 30, description: 'voice' },
];

function trunk(vids: string) {
  const onSave = vi.fn();
  renderWithProviders(
    <VlanPortForm
      initial={{ port: 'eth1', mode: 'trunk', vids: '10,20' }}
      vlans={VLANS}
      others={[]}
      onSave={onSave}
      onCancel={() => undefined}
    />,
  );
  fireEvent.change(screen.getByTestId('vlan-port-vids'), { target: { value: vids } });
  fireEvent.click(screen.getByTestId('vlan-port-save'));
  return onSave;
}

describe('port mode form', () => {
  it('refuses a trunk of one VLAN', async () => {
    const onSave = trunk('10');
    expect(await screen.findByText(messages.vlanTrunkCount)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a trunk of more than 4 VLANs', async () => {
    trunk('10-14');
    expect(await screen.findByText(messages.vlanTrunkCount)).toBeInTheDocument();
  });

  it('accepts only numbers, commas and dashes', async () => {
    trunk('10;20');
    expect(await screen.findByText(messages.vlanListFormat)).toBeInTheDocument();
  });

  it('refuses a VLAN that has not been created', async () => {
    trunk('10,40');
    expect(await screen.findByText(messages.vlanUnknown)).toBeInTheDocument();
  });

  it('saves a trunk over existing VLANs', async () => {
    const onSave = trunk('10,20-20,30');
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ port: 'eth1', mode: 'trunk', vids: '10,20-20,30' }),
    );
  });
});
