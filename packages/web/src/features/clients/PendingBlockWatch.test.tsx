import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CHANNELS, type ClientRow } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { FakeSocket } from '../../test/fakeSocket.ts';
import { PENDING_READ_MS, PendingBlockWatch } from './PendingBlockWatch.tsx';

const row = (deviceId: string, blockChange: ClientRow['blockChange']) =>
  ({ deviceId, mac: `02:00:00:00:00:0${deviceId.length}`, blocked: false, blockChange }) as ClientRow;

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('a pending block', () => {
  it("follows only the devices with a change on its way, and reads again when one's settings change", () => {
    const onChange = vi.fn();
    renderWithProviders(
      <PendingBlockWatch
        rows={[row('dev1', 'blocking'), row('dev1', 'unblocking'), row('dev2', null)]}
        onChange={onChange}
      />,
    );
    const socket = FakeSocket.made[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ subscribe: { channel: LIVE_CHANNELS.settings, keys: ['dev1'] } }]);
    socket.push({ channel: LIVE_CHANNELS.settings, key: 'dev2', data: {} as never });
    expect(onChange).not.toHaveBeenCalled();
    socket.push({ channel: LIVE_CHANNELS.settings, key: 'dev1', data: {} as never });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('reads again every few seconds while a change is on its way (its announcement may come before the subscription), and not after', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      const view = renderWithProviders(
        <PendingBlockWatch rows={[row('dev1', 'blocking')]} onChange={onChange} />,
      );
      vi.advanceTimersByTime(PENDING_READ_MS * 2 + 10);
      expect(onChange).toHaveBeenCalledTimes(2);
      view.rerender(<PendingBlockWatch rows={[row('dev1', null)]} onChange={onChange} />);
      vi.advanceTimersByTime(PENDING_READ_MS * 3);
      expect(onChange).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
