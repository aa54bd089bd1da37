/**
 * Reads the client list again when a device whose block or unblock is on its way reports a change of its
 * settings (the live settings channel), so the row turns Blocked or back without waiting for the next refresh.
 * The subscription starts only once a read has shown the change on its way, and a device that applied it in
 * between (a simulated one takes milliseconds) has nothing more to announce: while any change is on its way
 * the list is also read again every PENDING_READ_MS.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { LIVE_CHANNELS, type ClientRow } from '@edge/protocol';
import { useChannel } from '../../live/useChannel.ts';

export const PENDING_READ_MS = 3000;

function DeviceSettingsWatch({ deviceId, onChange }: { deviceId: string; onChange: () => void }) {
  useChannel(LIVE_CHANNELS.settings, deviceId, onChange);
  return null;
}

export function PendingBlockWatch({ rows, onChange }: { rows: readonly ClientRow[]; onChange: () => void }) {
  const pending = [...new Set(rows.filter((r) => r.blockChange !== null).map((r) => r.deviceId))];
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  const waiting = pending.length > 0;
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setInterval(() => latest.current(), PENDING_READ_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  return (
    <>
      {pending.map((deviceId) => (
        <DeviceSettingsWatch key={deviceId} deviceId={deviceId} onChange={onChange} />
      ))}
    </>
  );
}
