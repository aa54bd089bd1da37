import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages } from '@edge/protocol';
import { renderWithProviders } from '../../../test/render.tsx';
import { VlanForm } from './VlanForm.tsx';

function submit(vid: string, description: string) {
  const onSave = vi.fn();
  renderWithProviders(
    <VlanForm
      initial={null}
      others={[{ vid: 10, description: 'cameras' }]}
      onSave={onSave}
      onCancel={() => undefined}
    />,
  );
  fireEvent.change(screen.getByTestId('vlan-vid'), { target: { value: vid } });
  fireEvent.change(screen.getByTestId('vlan-description'), { target: { value: description } });
  fireEvent.click(screen.getByTestId('vlan-entry-save'));
  return onSave;
}

describe('VLAN form', () => {
  it.each(['1', '4095'])('refuses VLAN ID %s with the 2-4094 message', async (vid) => {
    const onSave = submit(vid, 'guests');
    expect(await screen.findByText(messages.vlanIdRange)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses an ID that already exists', async () => {
    submit('10', 'guests');
    expect(await screen.findByText(messages.vlanDuplicate)).toBeInTheDocument();
  });

  it('needs a description', async () => {
    submit('20', '');
    expect(await screen.findByText(messages.vlanDescriptionEmpty)).toBeInTheDocument();
  });

  it('saves a valid VLAN', async () => {
    const onSave = submit('20', 'guests');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ vid: 20, description: 'guests' }));
  });
});
