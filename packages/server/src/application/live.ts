/**
 * Live app states (protocol LIVE_CHANNELS.containers and .containerFleet): a device publishes `containers`
 * as soon as its engine reports a change (device-messages.ts containersMessage). Every replica hears it (the
 * subscription is not shared: the browser watching may be connected to any replica) and
 * - keeps it as the device's newest states, which the fleet list prefers to an older telemetry report;
 * - reads the device's apps again (state, ports, uptime, CPU and memory) for the browsers watching that
 *   device, at most once per LIVE_DEVICE_MIN_INTERVAL_MS, and pushes them as GET installed answers them;
 * - tells the browsers watching the fleet list which devices changed, batched every LIVE_BATCH_MS;
 * - when a watched device goes offline, pushes its apps as it last showed them (marked offline), and when
 *   it comes back, reads them again (retrying while its first answers fail) so the screen refreshes itself.
 * Nothing on subscribe: the screen reads the list once itself (GET installed, GET installed/fleet).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  LIVE_BATCH_MS,
  LIVE_CHANNELS,
  LIVE_DEVICE_MIN_INTERVAL_MS,
  canView,
  containersMessage,
  everyDeviceTopic,
  parseDeviceTopic,
  type ContainerApp,
  type LiveContainerFleet,
} from '@edge/protocol';
import type { Bus, BusLog } from '../gateway/index.ts';
import type { DeviceDirectory } from '../devices/index.ts';
import type { LiveHub } from '../live/hub.ts';
import { everyBatch } from '../live/batch.ts';
import type { InstalledService } from './installed.ts';

/** Reads of a device that just came back before its apps are left to its next report. */
const COMEBACK_TRIES = 5;

/** What GET installed and GET installed/fleet declare. */
const need = [canView('Application')];

export interface ContainerReport {
  ts: number;
  containers: ContainerApp[];
}

type ReportListener = (deviceId: string) => void;

/** The devices' newest `containers` messages, heard on every replica. */
export function containerReports(deps: { bus: Bus; devices: DeviceDirectory; log: BusLog }) {
  const latest = new Map<string, ContainerReport>();
  const listeners = new Set<ReportListener>();

  function heard(topic: string, payload: Buffer): void {
    const parsed = parseDeviceTopic(topic);
    // Only adopted devices: the broker already keeps each device to its own topics.
    if (!parsed || !deps.devices.get(parsed.deviceId)) return;
    let report;
    try {
      report = containersMessage.safeParse(JSON.parse(payload.toString('utf8')));
    } catch {
      report = null;
    }
    if (!report?.success) {
      deps.log.warn({ deviceId: parsed.deviceId }, 'containers report refused');
      return;
    }
    const known = latest.get(parsed.deviceId);
    if (known && known.ts > report.data.ts) return;
    latest.set(parsed.deviceId, report.data);
    for (const listener of listeners) listener(parsed.deviceId);
  }

  return {
    async open(): Promise<() => Promise<void>> {
      const unsubscribe = await deps.bus.subscribe(everyDeviceTopic('containers'), heard, { shared: false });
      const stopChanges = deps.devices.onChange((change) => {
        if (change.type === 'removed') latest.delete(change.deviceId);
      });
      return async () => {
        stopChanges();
        await unsubscribe();
      };
    },
    /** The device's newest report: the last telemetry's, or the `containers` message's when that is newer. */
    newest(deviceId: string, reported: ContainerReport | null | undefined): ContainerReport | undefined {
      const heardNow = latest.get(deviceId);
      return heardNow && (!reported || heardNow.ts >= reported.ts) ? heardNow : (reported ?? undefined);
    },
    /** The device's newest states (newest's). */
    statesOf(deviceId: string, reported: ContainerReport | null | undefined) {
      return this.newest(deviceId, reported)?.containers;
    },
    onReport(listener: ReportListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type ContainerReports = ReturnType<typeof containerReports>;

export function containerChannels(deps: {
  hub: LiveHub;
  devices: DeviceDirectory;
  installed: InstalledService;
  reports: ContainerReports;
  log: BusLog;
  batchMs?: number;
  deviceIntervalMs?: number;
}): () => void {
  const { hub, devices, installed } = deps;
  const intervalMs = deps.deviceIntervalMs ?? LIVE_DEVICE_MIN_INTERVAL_MS;

  const deviceFeed = hub.register({
    name: LIVE_CHANNELS.containers,
    need,
    refuseKey: (key) => (devices.get(key) ? null : 'deviceNotFound'),
  });
  const fleetFeed = hub.register({
    name: LIVE_CHANNELS.containerFleet,
    need,
    refuseKey: (key) => (key === '' ? null : 'invalidRequest'),
  });

  /** Per device being read: whether another report came meanwhile (read once more after it). */
  const reading = new Map<string, { again: boolean }>();
  async function readAndPush(deviceId: string, tries = 1): Promise<void> {
    const mark = { again: true };
    reading.set(deviceId, mark);
    try {
      while (mark.again && deviceFeed.watched(deviceId)) {
        mark.again = false;
        const started = Date.now();
        // Offline, the list is the last one shown, marked so. A device that just came back may not answer
        // yet: asked again, a few times.
        const list = await installed.device(deviceId).catch(() => null);
        if (list && deviceFeed.watched(deviceId)) deviceFeed.push(deviceId, list);
        else if (!list && --tries > 0) mark.again = true;
        const wait = started + intervalMs - Date.now();
        if (mark.again && wait > 0) await sleep(wait);
      }
    } finally {
      reading.delete(deviceId);
    }
  }

  const changed = new Set<string>();
  const stopReports = deps.reports.onReport((deviceId) => {
    if (fleetFeed.watched('')) changed.add(deviceId);
    if (!deviceFeed.watched(deviceId)) return;
    const busy = reading.get(deviceId);
    if (busy) busy.again = true;
    else void readAndPush(deviceId);
  });
  const stopOnline = devices.onChange((change) => {
    if (change.type !== 'online' && change.type !== 'offline') return;
    if (fleetFeed.watched('')) changed.add(change.deviceId);
    if (!deviceFeed.watched(change.deviceId)) return;
    const busy = reading.get(change.deviceId);
    if (busy) busy.again = true;
    else void readAndPush(change.deviceId, change.type === 'online' ? COMEBACK_TRIES : 1);
  });
  const stopBatches = everyBatch(
    deps.batchMs ?? LIVE_BATCH_MS,
    async () => {
      if (changed.size === 0) return;
      const deviceIds = [...changed];
      changed.clear();
      fleetFeed.push('', { deviceIds } satisfies LiveContainerFleet);
    },
    deps.log,
  );
  return () => {
    stopBatches();
    stopOnline();
    stopReports();
  };
}
