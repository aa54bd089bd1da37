/**
 * The Discovery list's live channel (protocol LIVE_CHANNELS.discovery): a device asked to enrol, was adopted
 * or removed; the browser reads the list again. Batched like the inventory's rows.
 * Who may read it: those who may see the Discovery list among the inventory's viewers, as before channels.
 */
import { LIVE_BATCH_MS, LIVE_CHANNELS, canView, type LiveDiscovery } from '@edge/protocol';
import type { BusLog } from '../gateway/index.ts';
import type { DeviceChange, DeviceServices } from '../devices/index.ts';
import type { LiveHub } from '../live/hub.ts';
import { everyBatch } from '../live/batch.ts';

export interface DiscoveryLiveDeps {
  hub: LiveHub;
  devices: DeviceServices['devices'];
  enrolment: DeviceServices['enrolment'];
  log: BusLog;
  batchMs?: number;
}

export function discoveryChannel(deps: DiscoveryLiveDeps): () => void {
  const { devices, enrolment } = deps;
  const feed = deps.hub.register({
    name: LIVE_CHANNELS.discovery,
    need: [canView('Inventory'), canView('Provision')],
    refuseKey: (key) => (key === '' ? null : 'invalidRequest'),
  });
  /** Adopted devices we know of: a state change of another one is an adoption. */
  const known = new Set(Array.from(devices.scan(), (d) => d.record.id));
  let changed = false;

  function onChange(change: DeviceChange): void {
    if (change.type === 'discovered') changed = true;
    else if (change.type === 'removed') {
      known.delete(change.deviceId);
      changed = true;
    } else if (change.type === 'state' && !known.has(change.deviceId)) {
      known.add(change.deviceId);
      changed = true;
    }
  }

  async function flush(): Promise<void> {
    if (!changed) return;
    changed = false;
    if (!feed.watched('')) return;
    const news: LiveDiscovery = { waiting: (await enrolment.listDiscovery()).length };
    feed.push('', news);
  }

  const stopChanges = devices.onChange(onChange);
  const stopBatches = everyBatch(deps.batchMs ?? LIVE_BATCH_MS, flush, deps.log);
  return () => {
    stopBatches();
    stopChanges();
  };
}
