import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { wanDefaults } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { sectionView } from '../../../test/settingsSection.ts';
import { WanEditor } from '../WanSection.tsx';
import { wifiClientPath } from '../paths.ts';

const ROOT = '/api/v1/inventory/settings';
afterEach(() => vi.unstubAllGlobals());

function renderWan(route: string) {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      [`GET ${ROOT}/multipleWan/wifiConnectedAPList`]: () => ({
        body: { list: [{ ssid: 'Cafe', wpa: 'WPA2', connected: false }] },
      }),
    }).fetch,
  );
  const view = sectionView('wan', { reported: wanDefaults });
  renderWithProviders(<WanEditor deviceId="dev1" view={view} apply={vi.fn()} busy={false} />, { route });
}

describe("Wi-Fi's client mode link", () => {
  it('lands on the Wi-Fi client view with the saved and the available networks', async () => {
    expect(wanDefaults.list.every((w) => w.mode !== 'wifi')).toBe(true);
    renderWan(wifiClientPath('dev1'));
    expect(await screen.findByTestId('wifi-client')).toBeInTheDocument();
    expect(await screen.findByTestId('wifi-saved-table')).toBeInTheDocument();
    expect(screen.getByTestId('wifi-scan')).toBeInTheDocument();
  });

  it('opens WAN as it is without the link', () => {
    renderWan('/desk/inventory/devices/dev1/settings/wan');
    expect(screen.queryByTestId('wifi-client')).toBeNull();
  });
});
