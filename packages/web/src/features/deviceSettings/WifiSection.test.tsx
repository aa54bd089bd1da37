import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { lanVidRule, messages } from '@edge/protocol';
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

  it('refuses VLAN ID 4095 with the VLAN rule message instead of clamping it', async () => {
    const onSave = open();
    fireEvent.change(screen.getByTestId('wifi-ssid-input'), { target: { value: 'office' } });
    fireEvent.change(screen.getByTestId('wifi-password-input'), { target: { value: 'secret-pass-1' } });
    fireEvent.change(screen.getByTestId('wifi-vid-input'), { target: { value: '4095' } });
    fireEvent.click(screen.getByTestId('wifi-ssid-save'));
    expect(await screen.findByText(messages.vlanIdRange)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('starts from a VLAN ID the rule accepts and explains it', async () => {
    const onSave = await trySsid('office');
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(lanVidRule(onSave.mock.calls[0]![0].vid)).toBeNull();
    expect(screen.getByText(/untagged LAN/)).toBeInTheDocument();
  });
});
