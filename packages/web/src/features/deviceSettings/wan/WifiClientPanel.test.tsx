import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { messages, type ScannedWifiNetwork } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { WifiClientPanel } from './WifiClientPanel.tsx';

const ROOT = '/api/v1/inventory/settings';
const office: ScannedWifiNetwork = {
  ssid: 'Office-Main',
  bssid: '3c:84:6a:11:22:33',
  signalDbm: -48,
  channel: 6,
  security: 'WPA3',
};

afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      [`GET ${ROOT}/multipleWan/wifiConnectedAPList`]: () => ({
        body: { list: [{ ssid: 'Cafe', wpa: 'WPA2', connected: true }] },
      }),
      [`GET ${ROOT}/multipleWan/wifiHotspot`]: () => ({ body: { list: [office] } }),
    }).fetch,
  );
  const apply = vi.fn(async () => true);
  renderWithProviders(<WifiClientPanel deviceId="dev1" apply={apply} />);
  return apply;
}

describe('Wi-Fi client panel', () => {
  it('shows the connected network and deletes a saved one through apply (which confirms)', async () => {
    const apply = renderPanel();
    expect(await screen.findByText('Connected to Cafe')).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('wifi-saved-delete-Cafe'));
    expect(apply).toHaveBeenCalledWith(
      'multipleWan/wifiDeleteConnectedAP',
      { ssid: 'Cafe' },
      'Delete the saved network Cafe?',
    );
  });

  it('joins a scanned network with its password, checked by the protocol rules', async () => {
    const apply = renderPanel();
    fireEvent.click(screen.getByTestId('wifi-scan'));
    fireEvent.click(await screen.findByTestId(`wifi-scan-connect-${office.bssid}`));
    expect(screen.getByTestId('wifi-network-ssid')).toHaveValue('Office-Main');
    expect(screen.getByTestId('wifi-network-ssid')).toBeDisabled();

    fireEvent.change(screen.getByTestId('wifi-network-password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('wifi-network-save'));
    expect(await screen.findByText(messages.wifiPasswordFormat)).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('wifi-network-password'), { target: { value: 'office-pass-1' } });
    fireEvent.click(screen.getByTestId('wifi-network-save'));
    await waitFor(() =>
      expect(apply).toHaveBeenCalledWith('wifi/connect', {
        ssid: 'Office-Main',
        password: 'office-pass-1',
        wpa: 'WPA3',
      }),
    );
  });
});
