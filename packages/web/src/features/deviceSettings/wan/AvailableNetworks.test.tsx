import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScannedWifiNetwork } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { AvailableNetworks } from './AvailableNetworks.tsx';

const SCAN = 'GET /api/v1/inventory/settings/multipleWan/wifiHotspot';
const networks: ScannedWifiNetwork[] = [
  { ssid: 'Office-Main', bssid: '3c:84:6a:11:22:33', signalDbm: -48, channel: 6, security: 'WPA2' },
  { ssid: 'Guest', bssid: '00:1d:7e:01:02:03', signalDbm: -85, channel: 1, security: 'open' },
  { ssid: '', bssid: 'e8:48:b8:0a:0b:0c', signalDbm: -60, channel: 11, security: 'WPA1' },
];

afterEach(() => vi.unstubAllGlobals());

function renderScan(answer: { status?: number; body: unknown }) {
  const stub = stubFetch({ [SCAN]: () => answer });
  vi.stubGlobal('fetch', stub.fetch);
  const onConnect = vi.fn();
  renderWithProviders(<AvailableNetworks deviceId="dev1" onConnect={onConnect} />);
  return { stub, onConnect };
}

describe('available networks', () => {
  it('asks the device only when Scan is pressed, then lists what it heard', async () => {
    const { stub } = renderScan({ body: { list: networks } });
    expect(screen.getByTestId('wifi-scan-hint')).toBeInTheDocument();
    expect(stub.calls).toHaveLength(0);

    fireEvent.click(screen.getByTestId('wifi-scan'));
    const table = await screen.findByTestId('wifi-scan-table');
    expect(stub.calls.map((c) => c.url)).toEqual([
      '/api/v1/inventory/settings/multipleWan/wifiHotspot?id=dev1',
    ]);
    const row = within(table).getByText('Office-Main').closest('tr')!;
    expect(within(row).getByText('3c:84:6a:11:22:33')).toBeInTheDocument();
    expect(within(row).getByText('-48 dBm')).toBeInTheDocument();
    expect(within(row).getByText('WPA2')).toBeInTheDocument();
    expect(within(table).getByText('Hidden network')).toBeInTheDocument();
  });

  it('offers Connect for WPA networks only, and hands the picked one over', async () => {
    const { onConnect } = renderScan({ body: { list: networks } });
    fireEvent.click(screen.getByTestId('wifi-scan'));
    await screen.findByTestId('wifi-scan-table');
    expect(screen.getByTestId('wifi-scan-connect-00:1d:7e:01:02:03')).toBeDisabled();
    // A hidden network has no name to join by.
    expect(screen.getByTestId('wifi-scan-connect-e8:48:b8:0a:0b:0c')).toBeDisabled();
    fireEvent.click(screen.getByTestId('wifi-scan-connect-3c:84:6a:11:22:33'));
    expect(onConnect).toHaveBeenCalledWith(networks[0]);
  });

  it('shows no table when the device cannot scan (the error is reported by the query layer)', async () => {
    const { stub } = renderScan({
      status: 409,
      body: { err_message: 'Device is offline.', err_code: 'deviceOffline' },
    });
    fireEvent.click(screen.getByTestId('wifi-scan'));
    await waitFor(() => expect(stub.calls).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('wifi-scan')).not.toHaveClass('ant-btn-loading'));
    expect(screen.queryByTestId('wifi-scan-table')).not.toBeInTheDocument();
    expect(await screen.findByText('Device is offline.')).toBeInTheDocument();
  });
});
