/**
 * Keeps every client each device reports (telemetry's connected clients) in device_clients: one row per
 * device and MAC, first seen when it appeared, last seen at the latest report. Reports are gathered in
 * memory and written every FLUSH_MS in multi-row upserts. A device whose clients would change only in their
 * measurements (byte counters, signal) and last seen is written again once LAST_SEEN_STEP_MS passed: a
 * connected client's measurements change in every report, and writing them each time made these upserts
 * the console's costliest statement at 10,000 devices (four times the next; bench/README.md). Any other
 * change of a device's clients writes its clients at the next flush.
 *
 * What was written is remembered per device as one fingerprint of its clients' identities (not a record per
 * client): at 10,000 devices with five clients each, per-client keys and signatures held about 10 MiB.
 */
import { textHash, type ConnectedClient } from '@edge/protocol';
import type { Insertable } from 'kysely';
import type { Db, DeviceClientsTable } from '../db/schema.ts';
import type { DeviceDirectory } from '../devices/index.ts';
import type { BusLog } from '../gateway/index.ts';
import { inChunks } from '../lib/chunks.ts';

export const FLUSH_MS = 10_000;
/** How stale last_seen and the measurements may grow for a device whose report changed nothing else. */
export const LAST_SEEN_STEP_MS = 60_000;
const CHUNK = 200;

/** What a device's client rows say but for their measurements. */
const fingerprint = (clients: ConnectedClient[]) => {
  let text = '';
  for (const c of clients)
    text += `${c.mac.toLowerCase()}|${c.kind}|${c.hostname}|${c.ip}|${c.iface ?? ''}|${c.ssid ?? ''}\n`;
  return textHash(text);
};

export function clientTracker(deps: { db: Db; devices: DeviceDirectory; log: BusLog; now?: () => number }) {
  const now = deps.now ?? Date.now;
  /** Latest report per device, not written yet. */
  let pending = new Map<string, { clients: ConnectedClient[]; at: number }>();
  /** What was last written per device: its clients' fingerprint, and when. */
  const written = new Map<string, { print: number; at: number }>();

  const stop = deps.devices.onChange((change) => {
    if (change.type === 'telemetry')
      pending.set(change.deviceId, { clients: change.telemetry.clients, at: now() });
    else if (change.type === 'removed') {
      pending.delete(change.deviceId);
      written.delete(change.deviceId);
    }
  });

  async function flush(): Promise<number> {
    const batch = pending;
    pending = new Map();
    const rows: Insertable<DeviceClientsTable>[] = [];
    for (const [deviceId, { clients, at }] of batch) {
      if (clients.length === 0) continue;
      const print = fingerprint(clients);
      const last = written.get(deviceId);
      if (last && last.print === print && at - last.at < LAST_SEEN_STEP_MS) continue;
      written.set(deviceId, { print, at });
      for (const c of clients) {
        rows.push({
          device_id: deviceId,
          mac: c.mac.toLowerCase(),
          kind: c.kind,
          hostname: c.hostname,
          ip: c.ip,
          interface: c.iface ?? '',
          ssid: c.ssid ?? '',
          signal: c.signal ?? null,
          rx_bytes: c.rxBytes ?? 0,
          tx_bytes: c.txBytes ?? 0,
          // The client says when it connected; a client first seen long after that keeps its own time.
          first_seen: Math.min(c.access_time || at, at),
          last_seen: at,
        });
      }
    }
    await inChunks(rows, CHUNK, (chunk) =>
      deps.db
        .insertInto('device_clients')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['device_id', 'mac']).doUpdateSet((eb) => ({
            kind: eb.ref('excluded.kind'),
            hostname: eb.ref('excluded.hostname'),
            ip: eb.ref('excluded.ip'),
            interface: eb.ref('excluded.interface'),
            ssid: eb.ref('excluded.ssid'),
            signal: eb.ref('excluded.signal'),
            rx_bytes: eb.ref('excluded.rx_bytes'),
            tx_bytes: eb.ref('excluded.tx_bytes'),
            last_seen: eb.ref('excluded.last_seen'),
          })),
        )
        .execute(),
    );
    return rows.length;
  }

  const timer = setInterval(
    () => void flush().catch((err: unknown) => deps.log.warn({ err }, 'client list write failed')),
    FLUSH_MS,
  );
  timer.unref();
  return {
    flush,
    async stop() {
      clearInterval(timer);
      stop();
      await flush();
    },
  };
}

export type ClientTracker = ReturnType<typeof clientTracker>;
