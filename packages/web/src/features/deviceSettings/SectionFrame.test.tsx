import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { SectionStateView } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { SectionFrame, StateView } from './SectionFrame.tsx';
import { isSettled } from './api.ts';

const view = (over: Partial<SectionStateView> = {}): SectionStateView => ({
  section: 'wan',
  state: 'in_sync',
  outcome: null,
  desired: null,
  desiredVersion: 0,
  reported: null,
  reportedVersion: null,
  reportedAt: null,
  drift: [],
  lastError: null,
  lastErrorCode: null,
  confirmBy: null,
  mayCutOff: true,
  updatedBy: null,
  updatedAt: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('section state', () => {
  it('shows the state and how the last apply ended', () => {
    renderWithProviders(<StateView view={view({ state: 'in_sync', outcome: 'confirmed' })} />);
    expect(screen.getByTestId('section-state')).toHaveTextContent('In sync');
    expect(screen.getByTestId('section-outcome')).toHaveTextContent('Applied and confirmed');
    expect(screen.queryByTestId('section-drift')).toBeNull();
  });

  it('shows a rollback', () => {
    renderWithProviders(<StateView view={view({ state: 'rolled_back', outcome: 'rolled_back' })} />);
    expect(screen.getByTestId('section-state')).toHaveAttribute('data-state', 'rolled_back');
    expect(screen.getByTestId('section-state')).toHaveTextContent('Rolled back');
  });

  it('lists the drift as path, desired and reported', () => {
    renderWithProviders(
      <StateView
        view={view({
          state: 'in_sync',
          drift: [
            { path: 'list[0].ip', desired: '10.0.0.5', reported: '10.0.0.9' },
            { path: 'list[0].gateway', desired: null, reported: '10.0.0.1' },
          ],
        })}
      />,
    );
    const drift = screen.getByTestId('section-drift');
    const rows = within(drift).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('list[0].ip10.0.0.510.0.0.9');
    expect(rows[2]).toHaveTextContent('list[0].gateway—10.0.0.1');
  });

  it('translates a failure by its message code', () => {
    renderWithProviders(
      <StateView view={view({ state: 'failed', lastError: 'raw', lastErrorCode: 'configRolledBack' })} />,
    );
    expect(screen.getByText(/restored the previous configuration/)).toBeInTheDocument();
  });

  it('stops polling only on settled states', () => {
    expect(['in_sync', 'rolled_back', 'failed'].every((s) => isSettled(s as SectionStateView['state']))).toBe(
      true,
    );
    expect(
      ['pending', 'applying', 'awaiting_confirm'].some((s) => isSettled(s as SectionStateView['state'])),
    ).toBe(false);
  });
});

describe('apply', () => {
  it('asks first, says the device rolls back by itself, then writes and shows the answer', async () => {
    const stub = stubFetch({
      'GET /api/v1/inventory/settings/state': () => ({
        body: { id: 'dev1', online: true, sections: [view({ state: 'in_sync' })] },
      }),
      'PATCH /api/v1/inventory/settings/multipleWan/setting': () => ({
        body: { message: 'ok', section: view({ state: 'awaiting_confirm', desiredVersion: 1 }) },
      }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(
      <SectionFrame deviceId="dev1" section="wan">
        {({ apply }) => (
          <button
            type="button"
            onClick={() => void apply('PATCH', 'multipleWan/setting', { iface: 'eth0', mode: 'dhcp' })}
          >
            go
          </button>
        )}
      </SectionFrame>,
    );
    fireEvent.click(await screen.findByText('go'));
    expect(await screen.findByText(/restores its previous configuration by itself/)).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('section-state')).toHaveAttribute('data-state', 'awaiting_confirm'),
    );
    const patch = stub.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ id: 'dev1', iface: 'eth0', mode: 'dhcp' });
  });
});
