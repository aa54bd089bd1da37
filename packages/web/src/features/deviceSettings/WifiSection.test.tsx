import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_LAN_VID, messages, ssidVlanModeOf } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { SsidForm } from './WifiSection.tsx';

function open() {
  const onSave = vi.fn();
  renderWithProviders(<SsidForm initial={{}} onSave={onSave} onCancel={() => undefined} />);
  return onSave;
}

async function trySsid(ssid: string) {
  const onSave = open();
  fireEvent.change(screen.getByTestId('wifi-ssid-input'), { target: { value: ssid } });
  fireEvent.change(screen.getByTestId('wifi-password-input'), { target: { value: 'secret-pass-1' } });
  fireEvent.click(screen.getByTestId('wifi-ssid-save'));
  return onSave;
}

describe('SSID form', () => {
  it('shows the rule message for an SSID starting with a forbidden character', async () => {
    const onSave = await trySsid('!office');
    expect(await screen.findByText(messages.ssidLeadingChar)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the rule message for an SSID longer than 32 bytes', async () => {
    await trySsid('a'.repeat(33));
    expect(await screen.findByText(messages.ssidLength)).toBeInTheDocument();
  });

  it('saves a valid SSID', async () => {
    const onSave = await trySsid('office');
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      ssid: 'office',
      password: 'secret-pass-1',
      wpa: 'WPA2',
    });
  });

  /** Fills a valid SSID, chooses a tagged VLAN with this ID, and saves. */
  async function tagged(vid: string) {
    const onSave = open();
    fireEvent.change(screen.getByTestId('wifi-ssid-input'), { target: { value: 'office' } });
    fireEvent.change(screen.getByTestId('wifi-password-input'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(screen.getByLabelText('Tagged VLAN'));
    fireEvent.change(await screen.findByTestId('wifi-vid-input'), { target: { value: vid } });
    fireEvent.click(screen.getByTestId('wifi-ssid-save'));
    return onSave;
  }

  it('refuses a tagged VLAN ID outside 2-4094 (1 and 4095) with the VLAN rule message', async () => {
    for (const vid of ['4095', '1']) {
      const onSave = await tagged(vid);
      expect(await screen.findByText(messages.vlanIdRange)).toBeInTheDocument();
      expect(onSave).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('saves a tagged VLAN as its ID', async () => {
    const onSave = await tagged('30');
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ ssid: 'office', vid: 30 });
  });

  it('starts untagged (no VLAN), asks no VLAN ID, and keeps the SSID in the untagged LAN', async () => {
    const onSave = open();
    expect(screen.getByLabelText('Untagged (no VLAN)')).toBeChecked();
    expect(screen.queryByTestId('wifi-vid-input')).toBeNull();
    fireEvent.change(screen.getByTestId('wifi-ssid-input'), { target: { value: 'office' } });
    fireEvent.change(screen.getByTestId('wifi-password-input'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(screen.getByTestId('wifi-ssid-save'));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0].vid).toBe(DEFAULT_LAN_VID);
    expect(ssidVlanModeOf(onSave.mock.calls[0]![0].vid)).toBe('untagged');
  });
});
