import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { LIVE_CHANNELS, type SectionStateView } from '@edge/protocol';
import { renderWithProviders, stubFetch } from '../../test/render.tsx';
import { sectionView } from '../../test/settingsSection.ts';
import { SectionFrame, StateView } from './SectionFrame.tsx';
import { FakeSocket } from '../../test/fakeSocket.ts';

const view = (over: Partial<SectionStateView> = {}) => sectionView('wan', { mayCutOff: true, ...over });

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
});

describe('pushed state', () => {
  const renderWan = () => {
    const stub = stubFetch({
      'GET /api/v1/inventory/settings/state': () => ({
        body: {
          id: 'dev1',
          online: true,
          sections: [view({ state: 'awaiting_confirm', desiredVersion: 1 })],
        },
      }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const { queryClient } = renderWithProviders(
      <SectionFrame deviceId="dev1" section="wan">
        {() => null}
      </SectionFrame>,
    );
    const reads = () => stub.calls.filter((c) => c.url.includes('/settings/state')).length;
    return { reads, queryClient };
  };
  const shownState = () => screen.getByTestId('section-state').getAttribute('data-state');

  it('shows what the console pushes, without reading the state again', async () => {
    const { reads } = renderWan();
    await vi.waitFor(() => expect(shownState()).toBe('awaiting_confirm'));
    const socket = FakeSocket.made[0]!;
    socket.open();
    expect(socket.sent).toContainEqual({ subscribe: { channel: LIVE_CHANNELS.settings, keys: ['dev1'] } });

    socket.push({
      channel: LIVE_CHANNELS.settings,
      key: 'dev1',
      data: view({
        state: 'rolled_back',
        outcome: 'rolled_back',
        desiredVersion: 1,
        drift: [{ path: 'list[0].mode', desired: 'static', reported: 'dhcp' }],
      }),
    });
    await vi.waitFor(() => expect(shownState()).toBe('rolled_back'));
    expect(screen.getByTestId('section-outcome')).toHaveAttribute('data-outcome', 'rolled_back');
    expect(within(screen.getByTestId('section-drift')).getByText('list[0].mode')).toBeInTheDocument();
    // Another device's news, or another section's, leaves this one alone.
    socket.push({ channel: LIVE_CHANNELS.settings, key: 'dev2', data: view({ state: 'failed' }) });
    socket.push({
      channel: LIVE_CHANNELS.settings,
      key: 'dev1',
      data: view({ section: 'wifi', state: 'failed' }),
    });
    expect(shownState()).toBe('rolled_back');
    expect(reads()).toBe(1);
  });

  it('subscribes again and reads the state once after the socket reconnects', async () => {
    const { reads, queryClient } = renderWan();
    await vi.waitFor(() => expect(shownState()).toBe('awaiting_confirm'));
    FakeSocket.made[0]!.open();
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = reads();
    FakeSocket.made[0]!.drop();
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2), { timeout: 3000 });
    const again = FakeSocket.made[1]!;
    again.open();
    expect(again.sent).toContainEqual({ subscribe: { channel: LIVE_CHANNELS.settings, keys: ['dev1'] } });
    await vi.waitFor(() => expect(reads()).toBe(before + 1));
    await new Promise((r) => setTimeout(r, 100));
    expect(reads()).toBe(before + 1);
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
            onClick={() => void apply('multipleWan/setting', { iface: 'eth0', mode: 'dhcp' })}
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

describe('unapplied edits', () => {
  const renderEditor = () => {
    const stub = stubFetch({
      'GET /api/v1/inventory/settings/state': () => ({
        body: { id: 'dev1', online: true, sections: [view({ state: 'in_sync' })] },
      }),
      'PATCH /api/v1/inventory/settings/multipleWan/setting': () => ({
        body: { message: 'ok', section: view({ state: 'in_sync', desiredVersion: 1 }) },
      }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(
      <SectionFrame deviceId="dev1" section="wan">
        {({ apply }) => (
          <>
            <input aria-label="ip" />
            <a href="/desk/inventory">away</a>
            <button type="button" onClick={() => void apply('multipleWan/setting', { iface: 'eth0' })}>
              go
            </button>
          </>
        )}
      </SectionFrame>,
    );
  };

  it('says "not applied" while there are edits and asks before leaving the page, until applied', async () => {
    renderEditor();
    const ip = await screen.findByLabelText('ip');
    expect(screen.getByTestId('section-state')).toHaveTextContent('In sync');
    fireEvent.change(ip, { target: { value: '10.0.0.1' } });
    expect(screen.getByTestId('section-state')).toHaveAttribute('data-state', 'not_applied');
    expect(screen.getByTestId('section-state')).toHaveTextContent('Not applied');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByText('away'));
    expect(await screen.findByText('You have unsaved changes. Leave this page anyway?')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-cancel'));

    fireEvent.click(screen.getByText('go'));
    expect(await screen.findByText(/Apply these settings to the device/)).toBeInTheDocument();
    // The cancelled question may still be fading out: OK is the newest dialog's.
    fireEvent.click((await screen.findAllByTestId('confirm-ok')).at(-1)!);
    await vi.waitFor(() => expect(screen.getByTestId('section-state')).toHaveTextContent('In sync'));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});

describe('a write answered before the device has it', () => {
  const general = (over: Partial<SectionStateView>) => sectionView('general', over);

  it('shows pending, then the steps the console pushes, and never an answer older than a push', async () => {
    let answer: () => void = () => undefined;
    let asked = false;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stub = stubFetch({
      'GET /api/v1/inventory/settings/state': () => ({
        body: { id: 'dev1', online: true, sections: [general({ state: 'in_sync', desiredVersion: 1 })] },
      }),
      'PATCH /api/v1/inventory/settings/generalSetting/setting': () => ({
        body: { message: 'ok', section: general({ state: 'pending', desiredVersion: 2 }) },
      }),
    });
    // The answer is held back until the test lets it go: the pushes overtake it.
    const held: typeof fetch = async (input, init) => {
      if (init?.method === 'PATCH') {
        asked = true;
        await answered;
      }
      return stub.fetch(input, init);
    };
    vi.stubGlobal('fetch', held);
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    renderWithProviders(
      <SectionFrame deviceId="dev1" section="general">
        {({ apply }) => (
          <button type="button" onClick={() => void apply('generalSetting/setting', { deviceName: 'x' })}>
            go
          </button>
        )}
      </SectionFrame>,
    );
    const shownState = () => screen.getByTestId('section-state').getAttribute('data-state');
    await vi.waitFor(() => expect(shownState()).toBe('in_sync'));
    FakeSocket.made[0]!.open();
    fireEvent.click(await screen.findByText('go'));
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await vi.waitFor(() => expect(asked).toBe(true));

    const socket = FakeSocket.made[0]!;
    socket.push({
      channel: LIVE_CHANNELS.settings,
      key: 'dev1',
      data: general({ state: 'applying', desiredVersion: 2 }),
    });
    await vi.waitFor(() => expect(shownState()).toBe('applying'));
    socket.push({
      channel: LIVE_CHANNELS.settings,
      key: 'dev1',
      data: general({ state: 'in_sync', outcome: 'applied', desiredVersion: 2 }),
    });
    await vi.waitFor(() => expect(shownState()).toBe('in_sync'));
    answer();
    await vi.waitFor(() => expect(stub.calls.some((c) => c.method === 'PATCH')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(shownState()).toBe('in_sync');
  });
});
