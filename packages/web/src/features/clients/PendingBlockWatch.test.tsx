import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CHANNELS, type ClientRow } from '@edge/protocol';
import { renderWithProviders } from '../../test/render.tsx';
import { FakeSocket } from '../../test/fakeSocket.ts';
import { PendingBlockWatch } from './PendingBlockWatch.tsx';

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
});
