/**
 * Reads the client list again when a device whose block or unblock is on its way reports a change of its
 * settings (the live settings channel), so the row turns Blocked or back without waiting for the next refresh.
 * The subscription starts only once a read has shown the change on its way, so the list is also read more
 * often meanwhile (api.ts, clientListInterval).
 */
import { LIVE_CHANNELS, type ClientRow } from '@edge/protocol';
import { useChannel } from '../../live/useChannel.ts';

function DeviceSettingsWatch({ deviceId, onChange }: { deviceId: string; onChange: () => void }) {
  useChannel(LIVE_CHANNELS.settings, deviceId, onChange);
  return null;
}

export function PendingBlockWatch({ rows, onChange }: { rows: readonly ClientRow[]; onChange: () => void }) {
  const pending = [...new Set(rows.filter((r) => r.blockChange !== null).map((r) => r.deviceId))];
  return (
    <>
      {pending.map((deviceId) => (
        <DeviceSettingsWatch key={deviceId} deviceId={deviceId} onChange={onChange} />
      ))}
    </>
  );
}
