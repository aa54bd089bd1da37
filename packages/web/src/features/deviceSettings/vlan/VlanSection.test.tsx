import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SETTINGS_API_ROOT, SETTINGS_STATE_PATH, messages } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { sectionView, stateAnswer, writeAnswer } from '../../../test/settingsSection.ts';
import { VlanSection } from './VlanSection.tsx';

const DOC = {
  list: [
    { vid: 10, description: 'cameras' },
    { vid: 20, description: 'guests' },
  ],
  ports: [{ port: 'eth2', mode: 'access', vid: 10 }],
};

function renderSection() {
  const view = sectionView('vlan', { desired: DOC });
  const stub = stubFetch({
    [`GET ${SETTINGS_STATE_PATH}`]: () => stateAnswer(view),
    [`GET ${SETTINGS_API_ROOT}/portType/currentConfig`]: () => ({
      body: {
        ports: [
          { port: 'eth0', type: 'WAN' },
          { port: 'eth1', type: 'LAN' },
          { port: 'eth2', type: 'LAN' },
        ],
      },
    }),
    [`PATCH ${SETTINGS_API_ROOT}/vlan/edit`]: () => writeAnswer(view),
  });
  vi.stubGlobal('fetch', stub.fetch);
  renderWithProviders(<VlanSection deviceId="dev-1" />);
  return stub;
}

const rowOf = (table: HTMLElement, key: string) =>
  table.querySelector<HTMLElement>(`tr[data-row-key="${key}"]`)!;

async function confirmDialog(text: RegExp) {
  expect(await screen.findByText(text)).toBeInTheDocument();
  fireEvent.click(screen.getByTestId('confirm-ok'));
}

afterEach(() => vi.unstubAllGlobals());

describe('VLAN list with port modes', () => {
  it('lists the VLANs and every LAN port with its mode', async () => {
    renderSection();
    const vlans = await screen.findByTestId('vlan-table');
    expect(within(vlans).getAllByRole('row')).toHaveLength(3);
    const ports = screen.getByTestId('vlan-port-table');
    await waitFor(() => expect(rowOf(ports, 'eth1')).toBeTruthy());
    expect(rowOf(ports, 'eth1')).toHaveTextContent('AccessLAN (untagged)');
    expect(rowOf(ports, 'eth2')).toHaveTextContent('Access10');
    expect(ports.querySelector('tr[data-row-key="eth0"]')).toBeNull();
  });

  it('applies the whole document through vlan/edit after the confirmation', async () => {
    const stub = renderSection();
    fireEvent.click(await screen.findByTestId('vlan-apply'));
    await confirmDialog(/Apply these settings/);
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ id: 'dev-1', ...DOC });
  });

  it('deletes a VLAN after confirmation, and will not apply while a port still uses it', async () => {
    const stub = renderSection();
    const vlans = await screen.findByTestId('vlan-table');
    fireEvent.click(within(rowOf(vlans, '10')).getByTestId('vlan-entry-delete'));
    await confirmDialog(/Delete VLAN 10\?/);
    await waitFor(() => expect(within(vlans).getAllByRole('row')).toHaveLength(2));
    await waitFor(() => expect(rowOf(screen.getByTestId('vlan-port-table'), 'eth2')).toBeTruthy());
    fireEvent.click(screen.getByTestId('vlan-apply'));
    expect(await screen.findByTestId('vlan-issues')).toHaveTextContent(messages.vlanUnknown);
    expect(stub.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
